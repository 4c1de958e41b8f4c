import {
  SETTING_CATALOGUE,
  settingIssues,
  type AdminSetting,
  type AdminSettingList,
  type SettingKey,
} from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';
import { settingLabel } from './setting-text';
import { wordIssue } from './setting-issues';

/*
 * The operator settings (docs/admin.md, Settings), read and written by the settings page and the two money pages
 * (plans, rewards) alike: one list, one cache entry, the same endpoints.
 */

const AREA = 'settings';

/** GET /api/v1/admin/setting: every setting with its value, default and metadata. */
export function useSettings() {
  return useQuery({
    queryKey: consoleKeys.of(AREA, 'list'),
    queryFn: async () => (await request.get<AdminSettingList>('/api/v1/admin/setting')).list,
  });
}

/** PUT /api/v1/admin/setting/{key} (the server validates again with the same schema). */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: unknown }) =>
      request.put<AdminSetting>(`/api/v1/admin/setting/${key}`, { data: { value } }),
    onSuccess: (s) => {
      void message.success(t('settings.row.savedOne', { label: settingLabel(t, s) }));
      return queryClient.invalidateQueries({ queryKey: consoleKeys.area(AREA) });
    },
  });
}

/** DELETE /api/v1/admin/setting/{key}: back to the default. */
export function useResetSetting() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (key: SettingKey) => request.delete<AdminSetting>(`/api/v1/admin/setting/${key}`),
    onSuccess: (s) => {
      void message.success(t('settings.row.resetDone', { label: settingLabel(t, s) }));
      return queryClient.invalidateQueries({ queryKey: consoleKeys.area(AREA) });
    },
  });
}

/** A refusal: the field it marks, the whole sentence, and the bare one a table cell shows (setting-issues.ts). */
export type SettingIssue = { field: string; message: string; cell: string };

/**
 * The value's refusals by the setting's own schema (none: it may be saved): in Chinese as the server words them,
 * in the operator's language otherwise (setting-issues.ts).
 */
export function checkSetting(t: TFunction, key: SettingKey, value: unknown): SettingIssue[] {
  const r = SETTING_CATALOGUE[key].schema.safeParse(value);
  if (r.success) return [];
  const worded = settingIssues(key, r.error);
  return r.error.issues.map((issue, i) => ({
    field: worded[i]!.field,
    ...wordIssue(t, key, issue, value, worded[i]!.message),
  }));
}

/** Equal as data (key order of objects aside): a draft that equals the value in force has nothing to save. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
