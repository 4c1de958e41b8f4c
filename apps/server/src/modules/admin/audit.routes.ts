import { adminPage, auditEntry, auditQuery, envelope } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { sendCsv } from '../../platform/http/csv.js';
import { ok } from '../../platform/http/envelope.js';
import { auditCsvRows, presentAuditEntry } from './audit.presenter.js';
import type { AuditService } from './audit.service.js';

/** The audit log, filterable and exported as CSV (role admin; docs/admin.md, Audit log). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  const config = { auth: 'admin' as const };
  const tags = ['admin'];

  app.get(
    '/admin/audit',
    {
      config,
      schema: {
        tags,
        summary: '运营：操作日志（新的在前；可按操作人、操作、对象、日期筛选）',
        querystring: auditQuery,
        response: { 200: envelope(adminPage(auditEntry)) },
      },
    },
    async (req) => ok(presentCountedPage(await audit.list(req.query), presentAuditEntry)),
  );

  app.get(
    '/admin/audit/export.csv',
    {
      config,
      schema: {
        tags,
        summary: '运营：导出操作日志（CSV，UTF-8带BOM，筛选同列表）',
        querystring: auditQuery,
      },
    },
    async (req, reply) => sendCsv(reply, 'audit-log.csv', auditCsvRows(await audit.exportRows(req.query))),
  );
};
