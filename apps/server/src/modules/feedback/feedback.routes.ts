import { envelope, feedbackBody, feedbackData } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { presentFeedback } from './feedback.presenter.js';
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
    async (req) => {
      const who = { userId: req.user?.id, ip: req.ip, userAgent: req.headers['user-agent'] };
      return ok(presentFeedback(await feedback.submit(req.body, who)));
    },
  );
};
