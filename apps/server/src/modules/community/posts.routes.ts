import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlocksService } from './blocks.service.js';
import type { PostsService } from './posts.service.js';
import type { TopicsService } from './topics.service.js';

/** `/post…`, `/topic`, `/user/{id}/block`, `/user/block`. */
export const postsRoutes: FastifyPluginAsyncZod<{
  posts: PostsService;
  blocks: BlocksService;
  topics: TopicsService;
}> = async () => {};
