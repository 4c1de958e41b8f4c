import { t } from 'i18next';

/** A before/after comparison of an audit row, field by field (docs/admin.md, Audit log). */
export type DiffRow = { key: string; before: unknown; after: unknown; changed: boolean };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key a plain (not object) value is flattened under; shown as 值 / Value. */
export const VALUE_KEY = '@value';

/** Nested objects as one level of dotted keys: `{ a: { b: 1 } }` → `{ 'a.b': 1 }`. A plain value is VALUE_KEY. */
export function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (!isObject(value)) return value === null || value === undefined ? {} : { [prefix || VALUE_KEY]: value };
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(v) && Object.keys(v).length) Object.assign(out, flatten(v, path));
    else out[path] = v;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every field of either side, in the order first seen, each marked changed or not. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const b = flatten(before);
  const a = flatten(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => ({ key, before: b[key], after: a[key], changed: !same(b[key], a[key]) }));
}

/** A value as one line of text: strings as they are, lists joined, anything else as JSON; absent is —. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return v === '' ? t('audit.diff.empty') : v;
  if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null))
    return v.join(t('audit.diff.separator')) || t('audit.diff.empty');
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}
