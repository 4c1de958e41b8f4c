import { sendCsv } from '../../platform/http/csv.js';
import {
  adminPage,
  adminRedeemBatch,
  adminRedeemBatchQuery,
  createRedeemBatchBody,
  envelope,
  redeemBatchIdParams,
  redeemBody,
  redeemResult,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { presentRedeemBatch, presentRedeemed } from './redeem.presenter.js';
import type { RedeemService } from './redeem.service.js';

export const redeemRoutes: FastifyPluginAsyncZod<{ redeem: RedeemService }> = async (app, { redeem }) => {
  app.post(
    '/redeem',
    {
      config: { auth: 'required', textLabels: { code: '兑换码' } },
      schema: {
        tags: ['redeem'],
        summary: '兑换码兑换（芯片或会员天数）',
        body: redeemBody,
        response: { 200: envelope(redeemResult) },
      },
    },
    async (req) => ok(presentRedeemed(await redeem.redeem(userOf(req), req.body.code, req.ip))),
  );
};

/** The operators' redeem code batches (role admin). */
export const redeemAdminRoutes: FastifyPluginAsyncZod<{ redeem: RedeemService }> = async (
  app,
  { redeem },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };

  app.post(
    '/admin/redeem/batch',
    {
      config,
      schema: {
        tags,
        summary: '运营：生成一批兑换码（芯片或会员天数，最多10000个）',
        body: createRedeemBatchBody,
        response: { 200: envelope(adminRedeemBatch) },
      },
    },
    async (req) => ok(presentRedeemBatch(await redeem.createBatch(userOf(req).id, req.body))),
  );

  app.get(
    '/admin/redeem/batch',
    {
      config,
      schema: {
        tags,
        summary: '运营：兑换码批次（按名称或批次ID搜索，按状态、类型筛选，含已使用数）',
        querystring: adminRedeemBatchQuery,
        response: { 200: envelope(adminPage(adminRedeemBatch)) },
      },
    },
    async (req) => ok(presentCountedPage(await redeem.list(req.query), presentRedeemBatch)),
  );

  app.get(
    '/admin/redeem/batch/:id/codes.csv',
    {
      config,
      schema: { tags, summary: '运营：导出一批兑换码（CSV，UTF-8 带BOM）', params: redeemBatchIdParams },
    },
    async (req, reply) => {
      const { batch, rows } = await redeem.csv(req.params.id);
      return sendCsv(reply, `redeem-batch-${batch.id}.csv`, rows);
    },
  );

  app.post(
    '/admin/redeem/batch/:id/disable',
    {
      config,
      schema: {
        tags,
        summary: '运营：停用一批兑换码（未使用的码失效）',
        params: redeemBatchIdParams,
        response: { 200: envelope(adminRedeemBatch) },
      },
    },
    async (req) => ok(presentRedeemBatch(await redeem.disable(userOf(req).id, req.params.id))),
  );
};
