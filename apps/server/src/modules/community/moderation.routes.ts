import { envelope, okData, postIdParams, reportBody, topicList } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentTopic } from './moderation.presenter.js';
import type { ModerationService } from './moderation.service.js';
import type { TopicsService } from './topics.service.js';

/** Users' side of moderation and topics: `POST /post/{id}/report`, `GET /topic`. */
export const moderationRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  topics: TopicsService;
}> = async (app, { moderation, topics }) => {
  app.post(
    '/post/:id/report',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['community'],
        summary: '举报帖子（每人每帖一次，重复举报不重复计数）',
        params: postIdParams,
        body: reportBody,
        response: { 200: envelope(okData) },
      },
    },
    async (req) => {
      await moderation.report(userOf(req), req.params.id, req.body);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/topic',
    {
      schema: {
        tags: ['community'],
        summary: '话题列表（启用的话题，按运营排序）',
        response: { 200: envelope(topicList) },
      },
    },
    async () => ok({ list: (await topics.list()).map(presentTopic) }),
  );
};
