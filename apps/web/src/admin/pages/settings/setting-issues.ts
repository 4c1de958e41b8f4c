import { SETTING_CATALOGUE, SETTING_MB, type SettingKey } from '@lingxi/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { yuanFixed } from '../../../lib/money';
import { consoleI18n, consoleLocale } from '../../i18n';
import { formatCount } from '../../lib/format';
import { settingLabel, settingUnit } from './setting-text';

/*
 * A setting's refusals in the operator's language (docs/i18n.md, Console). The contract's schemas word them in
 * Chinese, as the server does; zh-Hans shows those words as they are, the other languages get the same refusal
 * told from the issue's code, bounds and place, so the console never shows a Chinese message to an operator who
 * reads English.
 */

type Issue = z.ZodError['issues'][number];

/** Line breaks, tabs and other control characters (the contract's one-line rule). */
const hasControl = (v: string) => [...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A refusal: the whole sentence (with the item's place) and the bare one a table cell shows. */
export type WordedIssue = { message: string; cell: string };

const at = (value: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>(
    (v, step) =>
      v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[step] : undefined,
    value,
  );

/** The name of what was refused: the setting, or the field of a plan, or a host of the list. */
function nameOf(t: TFunction, key: SettingKey, path: PropertyKey[]): string {
  const field = path.find((p): p is string => typeof p === 'string');
  if (field) {
    const k = `settings.fields.${field}`;
    return consoleI18n.exists(k) ? t(k) : field;
  }
  if (typeof path[0] === 'number' && SETTING_CATALOGUE[key].kind === 'hosts')
    return t('settings.fields.host');
  return settingLabel(t, { key, label: SETTING_CATALOGUE[key].label });
}

/** A bound as the operator reads it: yuan for fen, megabytes for bytes, the setting's unit for the rest. */
function boundOf(t: TFunction, key: SettingKey, path: PropertyKey[], n: number): string {
  const def = SETTING_CATALOGUE[key];
  const field = path.find((p): p is string => typeof p === 'string');
  if (field?.endsWith('_fen') || (!field && def.kind === 'money')) return `¥${yuanFixed(n)}`;
  if (!field && def.kind === 'bytes') return `${formatCount(n / SETTING_MB)} MB`;
  const unit = field ? null : settingUnit(t, { key, unit: 'unit' in def ? def.unit : null });
  return unit ? `${formatCount(n)} ${unit}` : formatCount(n);
}

function bare(t: TFunction, key: SettingKey, issue: Issue, value: unknown): string {
  const path = issue.path;
  const name = nameOf(t, key, path);
  const input = at(value, path);
  const kind = SETTING_CATALOGUE[key].kind;
  const last = path.at(-1);
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null) return t('settings.issues.required', { name });
      if (issue.expected === 'int') return t('settings.issues.integer', { name });
      return typeof input === 'number' || issue.expected !== 'number'
        ? t('settings.issues.invalid', { name })
        : t('settings.issues.number', { name });
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const side = issue.code === 'too_small' ? 'min' : 'max';
      if (issue.origin === 'string') return t(`settings.issues.${side}Length`, { name, count: bound });
      if (issue.origin === 'array') return t(`settings.issues.${side}Items`, { name, count: bound });
      return t(`settings.issues.${side}`, { name, bound: boundOf(t, key, path, bound) });
    }
    case 'invalid_format':
      return kind === 'hosts' ? t('settings.issues.host') : t('settings.issues.invalid', { name });
    case 'custom':
      if (last === 'original_price_fen') return t('settings.issues.originalPrice');
      if (last === 'id' || (kind === 'hosts' && typeof last === 'number'))
        return t('settings.issues.duplicate', { name, value: String(input) });
      if (kind === 'url') return t(path.length ? 'settings.issues.invalid' : urlRule(key), { name });
      if (typeof input === 'string')
        return input.trim() === ''
          ? t('settings.issues.required', { name })
          : hasControl(input)
            ? t('settings.issues.control', { name })
            : t('settings.issues.invalid', { name });
      return t('settings.issues.invalid', { name });
    default:
      return t('settings.issues.invalid', { name });
  }
}

/** The two address rules of the catalogue: a path on this site or a full address, or a full address only. */
const urlRule = (key: SettingKey) =>
  SETTING_CATALOGUE[key].min ? 'settings.issues.pathOrUrl' : 'settings.issues.url';

/**
 * One refusal worded for the operator. `chinese` is the contract's sentence (with the item's place), shown as it is
 * in zh-Hans; `issue.message` is its bare form.
 */
export function wordIssue(
  t: TFunction,
  key: SettingKey,
  issue: Issue,
  value: unknown,
  chinese: string,
): WordedIssue {
  if (consoleLocale() === 'zh-Hans') return { message: chinese, cell: issue.message };
  const cell = bare(t, key, issue, value);
  const index = issue.path[0];
  const item =
    typeof index === 'number'
      ? t('settings.issues.item', {
          n: index + 1,
          name:
            SETTING_CATALOGUE[key].kind === 'hosts'
              ? t('settings.fields.host')
              : settingLabel(t, { key, label: SETTING_CATALOGUE[key].label }),
        })
      : '';
  return { message: item ? `${item}${t('settings.issues.itemSeparator')}${cell}` : cell, cell };
}
