import { chipRecord, cursorQuery, envelope, page } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentChipRecord } from './wallet.presenter.js';
import type { WalletService } from './wallet.service.js';

export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  app.get(
    '/chip/record',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: '芯片明细',
        querystring: cursorQuery,
        response: { 200: envelope(page(chipRecord)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(presentPage(await wallet.records(userOf(req).id, cursor, limit), presentChipRecord));
    },
  );
};
