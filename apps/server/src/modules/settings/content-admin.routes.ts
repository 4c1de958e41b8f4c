import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service.js';

/** Content pages (markdown) and the sensitive-word list (role admin; docs/admin.md). */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  _app,
  _deps,
) => {};
