import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UsersAdminService } from './users-admin.service.js';

/** Operators' user desk: search, detail, disable, chips, VIP, the operator role (role admin; docs/admin.md). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ users: UsersAdminService }> = async (
  _app,
  _deps,
) => {};
