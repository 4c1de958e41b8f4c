import {
  createdOrder,
  createOrderBody,
  idempotencyHeaders,
  cursorQuery,
  envelope,
  memberPlans,
  order,
  orderNoParams,
  page,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentCreatedOrder, presentOrder, presentPlans } from './payments.presenter.js';
import type { PaymentsService } from './payments.service.js';

/** The member centre's plans and a user's orders (docs/money.md, Orders and payments). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const tags = ['payments'];

  app.get(
    '/member/plans',
    {
      schema: {
        tags,
        summary: '会员套餐、芯片充值包与可用的支付方式',
        response: { 200: envelope(memberPlans) },
      },
    },
    async () => {
      const { money, channels, oaAppId } = await payments.plans();
      return ok(presentPlans(money, channels, oaAppId));
    },
  );

  app.post(
    '/order',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '下单（会员或芯片）；同一Idempotency-Key返回同一订单',
        headers: idempotencyHeaders,
        body: createOrderBody,
        response: { 200: envelope(createdOrder) },
      },
    },
    async (req) => {
      const key = req.headers['idempotency-key'];
      return ok(presentCreatedOrder(await payments.create(userOf(req), key, req.body, req.ip)));
    },
  );

  app.get(
    '/order/:order_no',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '订单详情（待支付时向支付渠道查询）',
        params: orderNoParams,
        response: { 200: envelope(order) },
      },
    },
    async (req) => ok(presentOrder(await payments.get(userOf(req), req.params.order_no))),
  );

  app.get(
    '/order',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的订单（新的在前）',
        querystring: cursorQuery,
        response: { 200: envelope(page(order)) },
      },
    },
    async (req) =>
      ok(presentPage(await payments.list(userOf(req), req.query.cursor, req.query.limit), presentOrder)),
  );
};
