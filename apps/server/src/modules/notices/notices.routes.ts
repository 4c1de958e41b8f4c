import {
  adminBroadcast,
  adminBroadcastQuery,
  adminPage,
  broadcastBody,
  envelope,
  notice,
  noticeListQuery,
  page,
  unreadCounts,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentAdminBroadcast, presentNotice, presentUnread } from './notices.presenter.js';
import type { NoticesService } from './notices.service.js';

export const noticesRoutes: FastifyPluginAsyncZod<{ notices: NoticesService }> = async (app, { notices }) => {
  const tags = ['notices'];

  app.get(
    '/notice/unread',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '未读消息数', response: { 200: envelope(unreadCounts) } },
    },
    async (req) => ok(presentUnread(await notices.unread(userOf(req)))),
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
    async (req) => {
      const { category, cursor, limit } = req.query;
      const page = await notices.list(userOf(req), category, cursor, limit);
      return ok(presentPage(page, (n) => presentNotice(n, page.readUpTo, page.actors.get(n.id))));
    },
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
    async (req) => ok(presentNotice(await notices.broadcast(userOf(req).id, req.body), 0)),
  );

  app.get(
    '/admin/notice/broadcast',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：已发布的系统消息（从新到旧；搜索标题或内容）',
        querystring: adminBroadcastQuery,
        response: { 200: envelope(adminPage(adminBroadcast)) },
      },
    },
    async (req) => ok(presentCountedPage(await notices.broadcasts(req.query), presentAdminBroadcast)),
  );
};
