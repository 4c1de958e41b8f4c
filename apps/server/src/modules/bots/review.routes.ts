import {
  adminBotReviewItem,
  botIdParams,
  cursorQuery,
  envelope,
  myBot,
  page,
  reviewDecisionBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentAdminReviewItem, presentMyBot } from './my-bots.presenter.js';
import type { BotReviewService } from './review.service.js';

/** The operators' review queue of bots (role admin). */
export const botReviewRoutes: FastifyPluginAsyncZod<{ review: BotReviewService }> = async (
  app,
  { review },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };

  app.get(
    '/admin/review/bot',
    {
      config,
      schema: {
        tags,
        summary: '运营：待审核的智能体（先提交的在前）',
        querystring: cursorQuery,
        response: { 200: envelope(page(adminBotReviewItem)) },
      },
    },
    async (req) =>
      ok(presentPage(await review.queue(req.query.cursor, req.query.limit), presentAdminReviewItem)),
  );

  app.post(
    '/admin/review/bot/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：审核智能体（通过或驳回，驳回须填写原因）',
        params: botIdParams,
        body: reviewDecisionBody,
        response: { 200: envelope(myBot) },
      },
    },
    async (req) => ok(presentMyBot(await review.decide(userOf(req).id, req.params.id, req.body))),
  );
};
