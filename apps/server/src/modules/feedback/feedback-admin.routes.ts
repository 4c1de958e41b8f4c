import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeedbackService } from './feedback.service.js';

/** The feedback inbox: handle, reply as a system notice (role admin; docs/admin.md). */
export const feedbackAdminRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  _app,
  _deps,
) => {};
