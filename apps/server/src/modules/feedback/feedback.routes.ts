import { envelope, feedbackBody, feedbackData } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import type { FeedbackService } from './feedback.service.js';

export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  app.post(
    '/opinion',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['feedback'],
        summary: '意见反馈',
        body: feedbackBody,
        response: { 200: envelope(feedbackData) },
      },
    },
    async (req) =>
      ok(
        await feedback.submit(req.body, {
          userId: req.user?.id,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      ),
  );
};
