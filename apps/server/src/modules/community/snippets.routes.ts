import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SnippetsService } from './snippets.service.js';

/** `/snippet…`: a user's own snippets. */
export const snippetsRoutes: FastifyPluginAsyncZod<{ snippets: SnippetsService }> = async () => {};
