import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueAdminService } from './catalogue-admin.service.js';

/** The catalogue: categories, featured bots on home and discover, system bots (role admin; docs/admin.md). */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueAdminService }> = async (
  _app,
  _deps,
) => {};
