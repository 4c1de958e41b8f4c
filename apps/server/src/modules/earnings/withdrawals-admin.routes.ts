import {
  adminWithdrawal,
  adminWithdrawalQuery,
  envelope,
  page,
  paidWithdrawalBody,
  rejectWithdrawalBody,
  withdrawalIdParams,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentAdminWithdrawal } from './earnings.presenter.js';
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
        summary: '运营：提现申请（可按状态筛选，从新到旧）',
        querystring: adminWithdrawalQuery,
        response: { 200: envelope(page(adminWithdrawal)) },
      },
    },
    async (req) => ok(presentPage(await withdrawals.list(req.query), presentAdminWithdrawal)),
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
