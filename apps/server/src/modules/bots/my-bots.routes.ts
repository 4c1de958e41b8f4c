import {
  botIdParams,
  botVisibilityBody,
  createBotBody,
  envelope,
  myBot,
  myBotsQuery,
  okData,
  page,
  updateBotBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentMyBot } from './my-bots.presenter.js';
import type { MyBotsService } from './my-bots.service.js';

/** A creator's own bots. Someone else's bot answers "not found", whatever its state. */
export const myBotsRoutes: FastifyPluginAsyncZod<{ myBots: MyBotsService }> = async (app, { myBots }) => {
  const tags = ['my bots'];
  const config = { auth: 'required' as const };

  app.post(
    '/bot',
    {
      config,
      schema: {
        tags,
        summary: '创建智能体（公开的进入审核）',
        body: createBotBody,
        response: { 200: envelope(myBot) },
      },
    },
    async (req) => ok(presentMyBot(await myBots.create(userOf(req), req.body))),
  );

  app.get(
    '/bot/mine',
    {
      config,
      schema: {
        tags,
        summary: '我的智能体',
        querystring: myBotsQuery,
        response: { 200: envelope(page(myBot)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(presentPage(await myBots.mine(userOf(req).id, cursor, limit), presentMyBot));
    },
  );

  app.get(
    '/bot/:id/edit',
    {
      config,
      schema: {
        tags,
        summary: '编辑智能体：创建者的完整设置（含待审核的修改）',
        params: botIdParams,
        response: { 200: envelope(myBot) },
      },
    },
    async (req) => ok(presentMyBot(await myBots.editView(userOf(req).id, req.params.id))),
  );

  app.put(
    '/bot/:id',
    {
      config,
      schema: {
        tags,
        summary: '保存智能体（已发布的修改审核通过前线上仍为原版本）',
        params: botIdParams,
        body: updateBotBody,
        response: { 200: envelope(myBot) },
      },
    },
    async (req) => ok(presentMyBot(await myBots.update(userOf(req), req.params.id, req.body))),
  );

  app.put(
    '/bot/:id/visibility',
    {
      config,
      schema: {
        tags,
        summary: '修改可见范围（公开即提交审核，私密立即下架）',
        params: botIdParams,
        body: botVisibilityBody,
        response: { 200: envelope(myBot) },
      },
    },
    async (req) =>
      ok(presentMyBot(await myBots.setVisibility(userOf(req).id, req.params.id, req.body.visibility))),
  );

  app.delete(
    '/bot/:id',
    {
      config,
      schema: { tags, summary: '删除智能体', params: botIdParams, response: { 200: envelope(okData) } },
    },
    async (req) => {
      await myBots.remove(userOf(req).id, req.params.id);
      return ok({ ok: true as const });
    },
  );
};
