import {
  SETTING_CATALOGUE,
  settingIssues,
  type AdminSetting,
  type AdminSettingList,
  type SettingKey,
} from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';

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
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: unknown }) =>
      request.put<AdminSetting>(`/api/v1/admin/setting/${key}`, { data: { value } }),
    onSuccess: (s) => {
      void message.success(`已保存「${s.label}」`);
      return queryClient.invalidateQueries({ queryKey: consoleKeys.area(AREA) });
    },
  });
}

/** DELETE /api/v1/admin/setting/{key}: back to the default. */
export function useResetSetting() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (key: SettingKey) => request.delete<AdminSetting>(`/api/v1/admin/setting/${key}`),
    onSuccess: (s) => {
      void message.success(`「${s.label}」已恢复默认`);
      return queryClient.invalidateQueries({ queryKey: consoleKeys.area(AREA) });
    },
  });
}

export type SettingIssue = { field: string; message: string };

/** The value's refusals by the setting's own schema, worded as the server words them (none: it may be saved). */
export function checkSetting(key: SettingKey, value: unknown): SettingIssue[] {
  const r = SETTING_CATALOGUE[key].schema.safeParse(value);
  return r.success ? [] : settingIssues(key, r.error);
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
