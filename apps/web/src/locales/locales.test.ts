import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@lingxi/contract';
import { describe, expect, it } from 'vitest';
import { consoleResources } from '../admin/i18n';
import { resources } from './all';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') acc[path] = value;
    else Object.assign(acc, flatten(value, path));
    return acc;
  }, {});
}

type Flat = Record<(typeof LOCALES)[number], Record<string, string>>;
const flatOf = (set: Record<string, { translation: object }>) =>
  Object.fromEntries(
    LOCALES.map((locale) => [locale, flatten((set[locale]?.translation ?? {}) as unknown as Tree)]),
  ) as Flat;

/** i18next's plural forms (`key_one`, `key_other` …) are one key: languages differ in how many forms they need. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

function sourceFiles(dir: string, skip?: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return full === skip ? [] : sourceFiles(full, skip);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const SRC = join(import.meta.dirname, '..');

/** The app and the console each have their own texts; each is checked against the code that uses it. */
describe.each([
  { name: 'app', set: resources, files: () => sourceFiles(SRC, join(SRC, 'admin')), minKeys: 50 },
  { name: 'console', set: consoleResources, files: () => sourceFiles(join(SRC, 'admin')), minKeys: 3 },
])('$name locales', ({ set, files, minKeys }) => {
  const flat = flatOf(set);
  const keysOf = (locale: (typeof LOCALES)[number]) =>
    [...new Set(Object.keys(flat[locale]).map((key) => key.replace(PLURAL, '')))].sort();

  it('exist for the five locales of the client contract', () => {
    expect(Object.keys(set).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'zh-Hans'))('%s has exactly the keys of zh-Hans', (locale) => {
    expect(keysOf(locale)).toEqual(keysOf('zh-Hans'));
  });

  it.each(LOCALES)('%s has no empty text and the same placeholders as zh-Hans', (locale) => {
    for (const [key, text] of Object.entries(flat[locale])) {
      expect(text.trim(), `${locale}:${key}`).not.toBe('');
      const source = flat['zh-Hans'][key] ?? flat['zh-Hans'][key.replace(PLURAL, '')] ?? '';
      expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(source));
    }
  });

  it('every literal key the code asks for exists', () => {
    const used = new Set<string>();
    for (const file of files()) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/(?:i18nKey|titleKey)="([\w.]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThanOrEqual(minKeys);
    const missing = [...used].filter((key) => !(key in flat['zh-Hans']));
    expect(missing).toEqual([]);
  });
});
