import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommentsService } from './comments.service.js';

/** `/post/{id}/comment`, `/comment/{id}…`. */
export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async () => {};
