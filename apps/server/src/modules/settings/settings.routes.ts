import { contentPage, contentParams, envelope, publicSettings, versionInfo } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { presentContentPage, presentPublicSettings, presentVersion } from './settings.presenter.js';
import type { SettingsService } from './settings.service.js';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  const tags = ['settings'];

  app.get(
    '/setting',
    { schema: { tags, summary: '系统设置', response: { 200: envelope(publicSettings) } } },
    async () => ok(presentPublicSettings(await settings.publicSettings())),
  );

  app.get(
    '/version',
    { schema: { tags, summary: '版本信息', response: { 200: envelope(versionInfo) } } },
    async () => ok(presentVersion(settings.version())),
  );

  app.get(
    '/content/:slug',
    {
      schema: { tags, summary: '内容页面', params: contentParams, response: { 200: envelope(contentPage) } },
    },
    async (req) => ok(presentContentPage(await settings.content(req.params.slug))),
  );
};
