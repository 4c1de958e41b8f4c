import {
  blockData,
  blockedUser,
  createPostBody,
  cursorQuery,
  envelope,
  likeData,
  okData,
  page,
  post,
  postFavouriteData,
  postFeedQuery,
  postIdParams,
  userIdParams,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import type { BlocksService } from './blocks.service.js';
import {
  presentBlock,
  presentBlockedUser,
  presentLike,
  presentPost,
  presentPostFavourite,
} from './community.presenter.js';
import type { PostsService } from './posts.service.js';

/** `/post…`, `/user/{id}/block`, `/user/block` (docs/community.md, Posts, Feeds, Likes and favourites, Blocks). */
export const postsRoutes: FastifyPluginAsyncZod<{
  posts: PostsService;
  blocks: BlocksService;
}> = async (app, { posts, blocks }) => {
  const tags = ['community'];
  const required = { auth: 'required' as const };
  const optional = { auth: 'optional' as const };

  app.post(
    '/post',
    {
      config: required,
      schema: { tags, summary: '发布帖子', body: createPostBody, response: { 200: envelope(post) } },
    },
    async (req) => ok(presentPost(await posts.create(userOf(req), req.body))),
  );

  app.get(
    '/post',
    {
      config: optional,
      schema: {
        tags,
        summary: '社区信息流（推荐 / 最新）',
        querystring: postFeedQuery,
        response: { 200: envelope(page(post)) },
      },
    },
    async (req) => ok(presentPage(await posts.feed(req.user, req.query), presentPost)),
  );

  app.get(
    '/post/favourite',
    {
      config: required,
      schema: {
        tags,
        summary: '我收藏的帖子',
        querystring: cursorQuery,
        response: { 200: envelope(page(post)) },
      },
    },
    async (req) => ok(presentPage(await posts.favourites(userOf(req), req.query), presentPost)),
  );

  app.get(
    '/post/:id',
    {
      config: optional,
      schema: { tags, summary: '帖子详情', params: postIdParams, response: { 200: envelope(post) } },
    },
    async (req) => ok(presentPost(await posts.detail(req.user, req.params.id))),
  );

  app.delete(
    '/post/:id',
    {
      config: required,
      schema: { tags, summary: '删除我的帖子', params: postIdParams, response: { 200: envelope(okData) } },
    },
    async (req) => {
      await posts.remove(userOf(req), req.params.id);
      return ok({ ok: true as const });
    },
  );

  for (const on of [true, false]) {
    const route = on ? app.post.bind(app) : app.delete.bind(app);
    route(
      '/post/:id/like',
      {
        config: required,
        schema: {
          tags,
          summary: on ? '点赞帖子' : '取消点赞',
          params: postIdParams,
          response: { 200: envelope(likeData) },
        },
      },
      async (req) => ok(presentLike(await posts.like(userOf(req), req.params.id, on))),
    );
    route(
      '/post/:id/favourite',
      {
        config: required,
        schema: {
          tags,
          summary: on ? '收藏帖子' : '取消收藏帖子',
          params: postIdParams,
          response: { 200: envelope(postFavouriteData) },
        },
      },
      async (req) => ok(presentPostFavourite(await posts.favourite(userOf(req), req.params.id, on))),
    );
    route(
      '/user/:id/block',
      {
        config: required,
        schema: {
          tags,
          summary: on ? '拉黑用户' : '取消拉黑',
          params: userIdParams,
          response: { 200: envelope(blockData) },
        },
      },
      async (req) => ok(presentBlock(await blocks.set(userOf(req), req.params.id, on))),
    );
  }

  app.get(
    '/user/block',
    {
      config: required,
      schema: {
        tags,
        summary: '我拉黑的用户',
        querystring: cursorQuery,
        response: { 200: envelope(page(blockedUser)) },
      },
    },
    async (req) => ok(presentPage(await blocks.list(userOf(req), req.query), presentBlockedUser)),
  );
};
