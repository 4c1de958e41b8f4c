import {
  adminPage,
  adminWithdrawal,
  adminWithdrawalQuery,
  envelope,
  paidWithdrawalBody,
  rejectWithdrawalBody,
  withdrawalIdParams,
  withdrawalSummary,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { userOf } from '../../platform/http/auth.js';
import { sendCsv } from '../../platform/http/csv.js';
import { ok } from '../../platform/http/envelope.js';
import { presentAdminWithdrawal, presentWithdrawalSummary, withdrawalCsvRows } from './earnings.presenter.js';
import type { WithdrawalsService } from './withdrawals.service.js';

/** The operators' withdrawal desk (role admin): every action audited (docs/money.md, Withdrawals). */
export const withdrawalsAdminRoutes: FastifyPluginAsyncZod<{ withdrawals: WithdrawalsService }> = async (
  app,
  { withdrawals },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  const one = { 200: envelope(adminWithdrawal) };

  app.get(
    '/admin/withdrawal',
    {
      config,
      schema: {
        tags,
        summary: '运营：提现申请（按申请ID、用户ID、手机号、收款账号或实名搜索，按状态、方式、日期筛选）',
        querystring: adminWithdrawalQuery,
        response: { 200: envelope(adminPage(adminWithdrawal)) },
      },
    },
    async (req) => ok(presentCountedPage(await withdrawals.list(req.query), presentAdminWithdrawal)),
  );

  app.get(
    '/admin/withdrawal/export.csv',
    {
      config,
      schema: {
        tags,
        summary: '运营：导出提现申请（CSV，用于打款对账，与列表相同的筛选）',
        querystring: adminWithdrawalQuery,
      },
    },
    async (req, reply) =>
      sendCsv(reply, '提现申请.csv', withdrawalCsvRows(await withdrawals.exportRows(req.query))),
  );

  app.get(
    '/admin/withdrawal/summary',
    {
      config,
      schema: {
        tags,
        summary: '运营：各状态的提现申请数与待处理金额',
        response: { 200: envelope(withdrawalSummary) },
      },
    },
    async () => ok(presentWithdrawalSummary(await withdrawals.summary())),
  );

  app.post(
    '/admin/withdrawal/:id/approve',
    { config, schema: { tags, summary: '运营：通过提现申请', params: withdrawalIdParams, response: one } },
    async (req) => ok(presentAdminWithdrawal(await withdrawals.approve(userOf(req).id, req.params.id))),
  );

  app.post(
    '/admin/withdrawal/:id/reject',
    {
      config,
      schema: {
        tags,
        summary: '运营：驳回提现申请（金额退回用户收益）',
        params: withdrawalIdParams,
        body: rejectWithdrawalBody,
        response: one,
      },
    },
    async (req) =>
      ok(presentAdminWithdrawal(await withdrawals.reject(userOf(req).id, req.params.id, req.body.reason))),
  );

  app.post(
    '/admin/withdrawal/:id/paid',
    {
      config,
      schema: {
        tags,
        summary: '运营：标记已打款（填写打款流水号）',
        params: withdrawalIdParams,
        body: paidWithdrawalBody,
        response: one,
      },
    },
    async (req) =>
      ok(presentAdminWithdrawal(await withdrawals.paid(userOf(req).id, req.params.id, req.body.reference))),
  );
};
