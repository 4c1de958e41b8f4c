import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModerationService } from './moderation.service.js';
import type { TopicsService } from './topics.service.js';

/** Operators (role admin, audited): `/admin/review/post|comment…`, `/admin/report…`, `/admin/post|comment/{id}`, `/admin/topic…`. */
export const communityAdminRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  topics: TopicsService;
}> = async () => {};
