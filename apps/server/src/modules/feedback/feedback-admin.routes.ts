import {
  ADMIN_EXPORT_MAX_ROWS,
  adminFeedback,
  adminFeedbackQuery,
  adminPage,
  envelope,
  feedbackHandleBody,
  feedbackIdParams,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { userOf } from '../../platform/http/auth.js';
import { sendCsv } from '../../platform/http/csv.js';
import { ok } from '../../platform/http/envelope.js';
import type { FeedbackInboxService } from './feedback-inbox.service.js';
import { feedbackCsvRows, presentAdminFeedback } from './feedback.presenter.js';

/** The feedback inbox: read, export, mark handled with a reply as a system notice (role admin; docs/admin.md). */
export const feedbackAdminRoutes: FastifyPluginAsyncZod<{ inbox: FeedbackInboxService }> = async (
  app,
  { inbox },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };

  app.get(
    '/admin/feedback',
    {
      config,
      schema: {
        tags,
        summary: '运营：意见反馈列表（按状态、类型、日期筛选，搜索内容或联系方式）',
        querystring: adminFeedbackQuery,
        response: { 200: envelope(adminPage(adminFeedback)) },
      },
    },
    async (req) => ok(presentCountedPage(await inbox.list(req.query), presentAdminFeedback)),
  );

  app.get(
    '/admin/feedback/export.csv',
    {
      config,
      schema: {
        tags,
        summary: `运营：导出意见反馈 CSV（与列表相同的筛选，最多${ADMIN_EXPORT_MAX_ROWS}条）`,
        querystring: adminFeedbackQuery,
      },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        '意见反馈.csv',
        feedbackCsvRows(await inbox.exportRows(req.query, ADMIN_EXPORT_MAX_ROWS)),
      ),
  );

  app.post(
    '/admin/feedback/:id/handle',
    {
      config,
      schema: {
        tags,
        summary: '运营：标记反馈已处理（可附回复，以系统消息发给用户；已处理的不能再处理）',
        params: feedbackIdParams,
        body: feedbackHandleBody,
        response: { 200: envelope(adminFeedback) },
      },
    },
    async (req) => ok(presentAdminFeedback(await inbox.handle(userOf(req).id, req.params.id, req.body))),
  );
};
