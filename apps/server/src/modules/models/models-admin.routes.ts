import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModelsService } from './models.service.js';

/** Models and prices, and the test button (role admin; docs/admin.md). */
export const modelsAdminRoutes: FastifyPluginAsyncZod<{ models: ModelsService }> = async (_app, _deps) => {};
