import { SETTING_CATALOGUE, type AdminSetting } from '@lingxi/contract';
import type { SettingEntry } from './settings-admin.service.js';

export function presentAdminSetting(e: SettingEntry): AdminSetting {
  const def = SETTING_CATALOGUE[e.key];
  return {
    key: e.key,
    group: def.group,
    label: def.label,
    help: def.help,
    kind: def.kind,
    unit: 'unit' in def ? def.unit : null,
    min: def.min ?? null,
    max: def.max ?? null,
    value: e.value,
    default: e.default,
    overridden: e.overridden,
    updated_at: e.updatedAt?.toISOString() ?? null,
  };
}
