import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service.js';

/** Every operator setting with its default, validation and explanation (role admin; docs/admin.md). */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  _app,
  _deps,
) => {};
