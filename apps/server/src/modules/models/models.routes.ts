import { envelope, modelList } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import type { EntitlementsService } from '../account/entitlements.service.js';
import { presentModel } from './models.presenter.js';
import type { ModelsService } from './models.service.js';

type Deps = { models: ModelsService; entitlements: EntitlementsService };

export const modelsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { models, entitlements }) => {
  app.get(
    '/model',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['chat'],
        summary: '可选模型',
        response: { 200: envelope(modelList) },
      },
    },
    async (req) => {
      const pricing = await entitlements.pricing(req.user);
      return ok({ list: (await models.list(pricing.isVip)).map((m) => presentModel(m, pricing.price)) });
    },
  );
};
