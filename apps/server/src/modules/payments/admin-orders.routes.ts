import {
  adminOrder,
  adminOrderQuery,
  envelope,
  orderNoParams,
  page,
  refundOrderBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentAdminOrder } from './payments.presenter.js';
import type { PaymentsService } from './payments.service.js';

/** Operators: orders and refunds (role admin; every refund in the audit log). */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };

  app.get(
    '/admin/order',
    {
      config,
      schema: {
        tags,
        summary: '运营：订单（按状态、用户筛选，新的在前）',
        querystring: adminOrderQuery,
        response: { 200: envelope(page(adminOrder)) },
      },
    },
    async (req) => {
      const { page: rows, users } = await payments.adminList(req.query);
      return ok(presentPage(rows, presentAdminOrder(users)));
    },
  );

  app.post(
    '/admin/order/:order_no/refund',
    {
      config,
      schema: {
        tags,
        summary: '运营：全额退款（扣回未使用的芯片与会员天数）',
        params: orderNoParams,
        body: refundOrderBody,
        response: { 200: envelope(adminOrder) },
      },
    },
    async (req) => {
      const { order, users } = await payments.refund(userOf(req).id, req.params.order_no, req.body.reason);
      return ok(presentAdminOrder(users)(order));
    },
  );
};
