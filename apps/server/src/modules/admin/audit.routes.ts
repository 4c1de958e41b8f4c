import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.js';

/** The audit log, filterable and exported as CSV (role admin; docs/admin.md). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (_app, _deps) => {};
