import { SETTING_MB, type AdminSetting } from '@lingxi/contract';
import type { TFunction } from 'i18next';
import { yuanFixed } from '../../../lib/money';
import { formatCount } from '../../lib/format';
import { settingUnit } from './setting-text';

/** A setting's value as the console reads it out: `100 芯片`, `¥10.00`, `10 MB`, `（空）`, in the operator's words. */
export function formatSetting(
  t: TFunction,
  s: Pick<AdminSetting, 'key' | 'kind' | 'unit'>,
  value: unknown,
): string {
  const unit = settingUnit(t, s);
  switch (s.kind) {
    case 'money':
      return `¥${yuanFixed(value as number)}`;
    case 'bytes':
      return `${formatCount(Math.round(((value as number) / SETTING_MB) * 10) / 10)} MB`;
    case 'decimal':
      return `${String(value)} ${unit ?? ''}`.trim();
    case 'percent':
    case 'permille':
      return `${formatCount(value as number)}${unit ?? ''}`;
    case 'count':
      return `${formatCount(value as number)} ${unit ?? ''}`.trim();
    case 'hosts':
      return (value as string[]).length
        ? (value as string[]).join(t('settings.format.separator'))
        : t('settings.format.none');
    case 'tiers':
    case 'packages':
      return t('settings.format.items', { count: (value as unknown[]).length });
    default:
      return value === '' ? t('settings.format.empty') : String(value);
  }
}
