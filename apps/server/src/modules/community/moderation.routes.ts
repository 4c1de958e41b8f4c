import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModerationService } from './moderation.service.js';
import type { TopicsService } from './topics.service.js';

/** Users' side of moderation and topics: `POST /post/{id}/report`, `GET /topic`. */
export const moderationRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  topics: TopicsService;
}> = async () => {};
