import { broadcastBody, envelope, notice, noticeListQuery, page, unreadCounts } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import type { NoticesService } from './notices.service.js';

export const noticesRoutes: FastifyPluginAsyncZod<{ notices: NoticesService }> = async (app, { notices }) => {
  const tags = ['notices'];

  app.get(
    '/notice/unread',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '未读消息数', response: { 200: envelope(unreadCounts) } },
    },
    async (req) => ok(await notices.unread(userOf(req).id)),
  );

  app.get(
    '/notice',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '消息列表（从新到旧；打开第一页即标记该分类已读）',
        querystring: noticeListQuery,
        response: { 200: envelope(page(notice)) },
      },
    },
    async (req) =>
      ok(await notices.list(userOf(req).id, req.query.category, req.query.cursor, req.query.limit)),
  );

  app.post(
    '/admin/notice/broadcast',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：发布系统消息（所有用户可见，只存一份）',
        body: broadcastBody,
        response: { 200: envelope(notice) },
      },
    },
    async (req) => ok(await notices.broadcast(userOf(req).id, req.body)),
  );
};
