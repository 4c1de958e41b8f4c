import {
  createWithdrawalBody,
  idempotencyHeaders,
  creatorEarning,
  earningRecord,
  earningsPageQuery,
  envelope,
  page,
  withdrawal,
  withdrawalRules,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import {
  presentCreatorEarning,
  presentEarningRecord,
  presentRules,
  presentWithdrawal,
} from './earnings.presenter.js';
import type { EarningsService } from './earnings.service.js';
import type { WithdrawalsService } from './withdrawals.service.js';

/** A user's earnings: records, creator revenue, withdrawal requests (docs/money.md). */
export const earningsRoutes: FastifyPluginAsyncZod<{
  earnings: EarningsService;
  withdrawals: WithdrawalsService;
}> = async (app, { earnings, withdrawals }) => {
  const tags = ['earnings'];
  const config = { auth: 'required' as const };

  app.get(
    '/earnings/record',
    {
      config,
      schema: {
        tags,
        summary: '收益明细（从新到旧）',
        querystring: earningsPageQuery,
        response: { 200: envelope(page(earningRecord)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(presentPage(await earnings.records(userOf(req).id, cursor, limit), presentEarningRecord));
    },
  );

  app.get(
    '/earnings/creator',
    {
      config,
      schema: {
        tags,
        summary: '创作收益：我的智能体每日结算记录（从新到旧）',
        querystring: earningsPageQuery,
        response: { 200: envelope(page(creatorEarning)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(
        presentPage(await earnings.creatorRecords(userOf(req).id, cursor, limit), presentCreatorEarning),
      );
    },
  );

  app.get(
    '/withdrawal/rules',
    {
      config,
      schema: { tags, summary: '提现规则与今日已申请金额', response: { 200: envelope(withdrawalRules) } },
    },
    async (req) => ok(presentRules(await withdrawals.rules(userOf(req).id))),
  );

  app.post(
    '/withdrawal',
    {
      config,
      schema: {
        tags,
        summary: '申请提现（金额立即冻结；同一Idempotency-Key返回同一笔申请）',
        headers: idempotencyHeaders,
        body: createWithdrawalBody,
        response: { 200: envelope(withdrawal) },
      },
    },
    async (req) =>
      ok(
        presentWithdrawal(await withdrawals.create(userOf(req).id, req.headers['idempotency-key'], req.body)),
      ),
  );

  app.get(
    '/withdrawal',
    {
      config,
      schema: {
        tags,
        summary: '我的提现记录（从新到旧）',
        querystring: earningsPageQuery,
        response: { 200: envelope(page(withdrawal)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(presentPage(await withdrawals.mine(userOf(req).id, cursor, limit), presentWithdrawal));
    },
  );
};
