import {
  botDetail,
  botHome,
  botIdParams,
  botListQuery,
  botSummary,
  categoryList,
  cursorQuery,
  envelope,
  favouriteData,
  page,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { sendJson, serializerOf } from '../../platform/http/response-cache.js';
import { presentBotSummary, presentFavourite } from './bots.presenter.js';
import type { BotsService } from './bots.service.js';
import { catalogueAnswers } from './catalogue-answers.js';

export const botsRoutes: FastifyPluginAsyncZod<{ bots: BotsService }> = async (app, { bots }) => {
  const tags = ['bots'];
  // The public reads answer from kept JSON (docs/performance.md, Fast reads).
  const answers = catalogueAnswers(bots);

  app.get(
    '/bot/category',
    {
      schema: {
        tags,
        summary: '智能体分类',
        response: { 200: envelope(categoryList) },
      },
    },
    async (_req, reply) => sendJson(reply, await answers.categories(serializerOf(reply))),
  );

  app.get(
    '/bot',
    {
      schema: {
        tags,
        summary: '发现：智能体列表',
        querystring: botListQuery,
        response: { 200: envelope(page(botSummary)) },
      },
    },
    async (req, reply) => sendJson(reply, await answers.list(req.query, serializerOf(reply))),
  );

  app.get(
    '/bot/home',
    {
      config: { auth: 'optional' },
      schema: { tags, summary: '首页：助手与推荐', response: { 200: envelope(botHome) } },
    },
    async (req, reply) => sendJson(reply, await answers.home(req.user, serializerOf(reply))),
  );

  app.get(
    '/bot/favourite',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的收藏',
        querystring: cursorQuery,
        response: { 200: envelope(page(botSummary)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(presentPage(await bots.favourites(userOf(req).id, cursor, limit), presentBotSummary));
    },
  );

  app.get(
    '/bot/:id',
    {
      config: { auth: 'optional' },
      schema: { tags, summary: '智能体详情', params: botIdParams, response: { 200: envelope(botDetail) } },
    },
    async (req, reply) => sendJson(reply, await answers.detail(req.params.id, req.user, serializerOf(reply))),
  );

  for (const on of [true, false]) {
    const route = on ? app.post.bind(app) : app.delete.bind(app);
    route(
      '/bot/:id/favourite',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: on ? '收藏智能体' : '取消收藏',
          params: botIdParams,
          response: { 200: envelope(favouriteData) },
        },
      },
      async (req) => ok(presentFavourite(await bots.favourite(userOf(req).id, req.params.id, on))),
    );
  }
};
