import {
  adminOrder,
  adminOrderDetail,
  adminOrderQuery,
  adminPage,
  envelope,
  orderNoParams,
  refundOrderBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { userOf } from '../../platform/http/auth.js';
import { sendCsv } from '../../platform/http/csv.js';
import { ok } from '../../platform/http/envelope.js';
import type { OrdersAdminService } from './orders-admin.service.js';
import { orderCsvRows, presentAdminOrder, presentAdminOrderDetail } from './payments.presenter.js';
import type { PaymentsService } from './payments.service.js';

/** Operators: orders and refunds (role admin; every refund in the audit log; docs/admin.md, Money). */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  orders: OrdersAdminService;
}> = async (app, { payments, orders }) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };

  app.get(
    '/admin/order',
    {
      config,
      schema: {
        tags,
        summary: '运营：订单（按订单号、交易号、用户ID或手机号搜索，按状态、类型、渠道、日期筛选）',
        querystring: adminOrderQuery,
        response: { 200: envelope(adminPage(adminOrder)) },
      },
    },
    async (req) => ok(presentCountedPage(await orders.list(req.query), presentAdminOrder)),
  );

  app.get(
    '/admin/order/export.csv',
    {
      config,
      schema: { tags, summary: '运营：导出订单（CSV，与列表相同的筛选）', querystring: adminOrderQuery },
    },
    async (req, reply) => sendCsv(reply, '订单.csv', orderCsvRows(await orders.exportRows(req.query))),
  );

  app.get(
    '/admin/order/:order_no',
    {
      config,
      schema: {
        tags,
        summary: '运营：订单详情（状态时间线、支付平台回调内容、退款、邀请佣金）',
        params: orderNoParams,
        response: { 200: envelope(adminOrderDetail) },
      },
    },
    async (req) => ok(presentAdminOrderDetail(await orders.detail(req.params.order_no))),
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
    async (req) =>
      ok(presentAdminOrder(await payments.refund(userOf(req).id, req.params.order_no, req.body.reason))),
  );
};
