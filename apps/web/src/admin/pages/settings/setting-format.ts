import { SETTING_MB, type AdminSetting } from '@lingxi/contract';
import { yuanFixed } from '../../../lib/money';
import { formatCount } from '../../lib/format';

/** A setting's value as the console reads it out: `100 芯片`, `¥10.00`, `10 MB`, `（空）`. */
export function formatSetting(s: Pick<AdminSetting, 'kind' | 'unit'>, value: unknown): string {
  switch (s.kind) {
    case 'money':
      return `¥${yuanFixed(value as number)}`;
    case 'bytes':
      return `${formatCount(Math.round(((value as number) / SETTING_MB) * 10) / 10)} MB`;
    case 'decimal':
      return `${String(value)} ${s.unit ?? ''}`.trim();
    case 'percent':
    case 'permille':
      return `${formatCount(value as number)}${s.unit ?? ''}`;
    case 'count':
      return `${formatCount(value as number)} ${s.unit ?? ''}`.trim();
    case 'hosts':
      return (value as string[]).length ? (value as string[]).join('、') : '无';
    case 'tiers':
    case 'packages':
      return `${(value as unknown[]).length}个`;
    default:
      return value === '' ? '（空）' : String(value);
  }
}
