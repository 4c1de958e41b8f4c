import {
  botDetail,
  botHome,
  botIdParams,
  botListQuery,
  botSummary,
  category,
  cursorQuery,
  envelope,
  favouriteData,
  page,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import type { ModelsService } from '../models/models.service.js';
import type { BotWithCreator } from './bots.repository.js';
import { presentBotDetail, presentBotSummary } from './bots.presenter.js';
import type { BotsService } from './bots.service.js';

type Deps = { bots: BotsService; models: ModelsService };

export const botsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { bots, models }) => {
  const tags = ['bots'];

  const detail = async (bot: BotWithCreator, userId: number | null) =>
    presentBotDetail(bot, {
      isFavourite: userId ? await bots.isFavourite(userId, bot.id) : false,
      modelId: bot.modelId ?? (await models.defaultModel()).id,
    });

  app.get(
    '/bot/category',
    {
      schema: {
        tags,
        summary: '智能体分类',
        response: { 200: envelope(z.object({ list: z.array(category) })) },
      },
    },
    async () => ok({ list: (await bots.categories()).map((c) => ({ id: c.id, name: c.name })) }),
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
    async (req) => {
      const { rows, nextCursor } = await bots.list(req.query);
      return ok({ list: rows.map(presentBotSummary), next_cursor: nextCursor });
    },
  );

  app.get(
    '/bot/home',
    {
      config: { auth: 'optional' },
      schema: { tags, summary: '首页：助手与推荐', response: { 200: envelope(botHome) } },
    },
    async (req) => {
      const [assistant, featured] = await Promise.all([bots.assistant(), bots.featured()]);
      return ok({
        assistant: await detail(assistant, req.user?.id ?? null),
        featured: featured.map(presentBotSummary),
      });
    },
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
      const { rows, nextCursor } = await bots.favourites(userOf(req).id, req.query.cursor, req.query.limit);
      return ok({ list: rows.map(presentBotSummary), next_cursor: nextCursor });
    },
  );

  app.get(
    '/bot/:id',
    {
      config: { auth: 'optional' },
      schema: { tags, summary: '智能体详情', params: botIdParams, response: { 200: envelope(botDetail) } },
    },
    async (req) => {
      const userId = req.user?.id ?? null;
      return ok(await detail(await bots.visible(req.params.id, userId), userId));
    },
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
      async (req) => ok(await bots.favourite(userOf(req).id, req.params.id, on)),
    );
  }
};
