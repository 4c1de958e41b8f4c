import { adminDashboard, dashboardQuery, envelope } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { presentDashboard } from './dashboard.presenter.js';
import type { DashboardService } from './dashboard.service.js';

/** The console's dashboard (role admin; docs/admin.md, Dashboard). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/admin/dashboard',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：数据概览（按北京时间逐日：新增、活跃、对话、回复、芯片消耗、收入；待处理队列）',
        querystring: dashboardQuery,
        response: { 200: envelope(adminDashboard) },
      },
    },
    async (req) => ok(presentDashboard(await dashboard.overview(req.query.days))),
  );
};
