import {
  adminSetting,
  adminSettingList,
  envelope,
  settingKeyParams,
  settingValueBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentAdminSetting } from './settings-admin.presenter.js';
import type { SettingsAdminService } from './settings-admin.service.js';

/** Every operator setting with its default, validation and explanation (role admin; docs/admin.md, Settings). */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ settingsAdmin: SettingsAdminService }> = async (
  app,
  { settingsAdmin },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  const one = { 200: envelope(adminSetting) };

  app.get(
    '/admin/setting',
    {
      config,
      schema: {
        tags,
        summary: '运营：全部设置项（当前值、默认值、说明与取值范围）',
        response: { 200: envelope(adminSettingList) },
      },
    },
    async () => ok({ list: (await settingsAdmin.list()).map(presentAdminSetting) }),
  );

  app.put(
    '/admin/setting/:key',
    {
      config,
      schema: {
        tags,
        summary: '运营：修改一项设置（按该项的规则校验，立即生效）',
        params: settingKeyParams,
        body: settingValueBody,
        response: one,
      },
    },
    async (req) =>
      ok(presentAdminSetting(await settingsAdmin.update(userOf(req).id, req.params.key, req.body.value))),
  );

  app.delete(
    '/admin/setting/:key',
    {
      config,
      schema: { tags, summary: '运营：恢复一项设置的默认值', params: settingKeyParams, response: one },
    },
    async (req) => ok(presentAdminSetting(await settingsAdmin.reset(userOf(req).id, req.params.key))),
  );
};
