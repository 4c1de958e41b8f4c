import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardService } from './dashboard.service.js';

/** The console's dashboard (role admin; docs/admin.md). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  _app,
  _deps,
) => {};
