import { LOCALES, type Locale } from '@lingxi/contract';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { consoleResources } from '../admin/i18n';
import { i18n, initI18n } from '../lib/i18n';
import { resources } from './all';

/*
 * The texts read right (docs/i18n.md): no Chinese left in en, es and fr; zh-Hant written in traditional characters;
 * counts take the plural form of each language, numbers its digit grouping.
 */

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
const textsOf = (set: Record<string, { translation: object }>, locale: Locale) =>
  flatten((set[locale]?.translation ?? {}) as Tree);

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const HAN_ALL = new RegExp(HAN.source, 'g');
/** Han characters allowed in a Latin-script locale: none today (the product is "Lingxi" there). */
const HAN_ALLOWED = new Set<string>();
/** Texts that are a language named in itself, as every language picker shows it (繁體中文 beside Español). */
const NAMED_IN_ITSELF = new Set(['translations.locale.zh-Hant']);

/**
 * Characters OpenCC (`cn` → `tw`) would still change on their own that are nonetheless right in Taiwan: 台 (平台, as
 * common as 臺), 佣 (佣金, commission) and 游 (上游, upstream: 遊 is only for travel and play).
 */
const HANT_ALLOWED = new Set(['台', '佣', '游']);
const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** Simplified-only characters: a character OpenCC converts on its own (so phrase rules cannot misfire). */
const simplifiedIn = (text: string) =>
  [...new Set(text)].filter((c) => HAN.test(c) && !HANT_ALLOWED.has(c) && toTaiwan(c) !== c);

describe.each([
  { name: 'app', set: resources },
  { name: 'console', set: consoleResources },
])('$name texts', ({ set }) => {
  it.each(['en', 'es', 'fr'] as const)('%s holds no Chinese', (locale) => {
    const bad = textsOf(set, locale).filter(
      ([key, text]) =>
        !NAMED_IN_ITSELF.has(key) && (text.match(HAN_ALL) ?? []).some((c) => !HAN_ALLOWED.has(c)),
    );
    expect(bad).toEqual([]);
  });

  it('zh-Hant holds no simplified-only character', () => {
    const bad = textsOf(set, 'zh-Hant')
      .map(([key, text]) => [key, simplifiedIn(text).join('')])
      .filter(([, chars]) => chars);
    expect(bad).toEqual([]);
  });

  it.each(['es', 'fr'] as const)('%s gives every plural its "many" form (a million)', (locale) => {
    const keys = new Set(textsOf(set, locale).map(([key]) => key));
    const missing = [...keys]
      .filter((key) => key.endsWith('_one'))
      .map((key) => key.replace(/_one$/, '_many'))
      .filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });
});

describe('counts', () => {
  const render = (locale: Locale, key: string, count: number) => {
    initI18n(locale);
    return i18n
      .getFixedT(locale)(key, { count })
      .replace(/[\u00a0\u202f]/g, ' ');
  };

  it.each([
    ['en', 1, '1 day'],
    ['en', 30, '30 days'],
    ['fr', 0, '0 jour'],
    ['fr', 1_000_000, '1 000 000 jours'],
    ['es', 1, '1 día'],
    ['es', 1_000_000, '1.000.000 días'],
    ['zh-Hans', 30, '30 天'],
    ['zh-Hant', 1200, '1,200 天'],
  ] as const)('%s: %d → %s', (locale, count, text) => {
    expect(render(locale, 'wallet.tierDays', count)).toBe(text);
  });

  it('group digits in the locale', () => {
    expect(render('en', 'redeem.gotChips', 12000)).toBe('+12,000 chips');
    expect(render('fr', 'redeem.gotChips', 1)).toBe('+1 puce');
    expect(render('es', 'chat.messageCount', 1)).toBe('1 mensaje');
  });

  it.each(LOCALES)('%s answers every count key without falling back to another language', (locale) => {
    const t = i18n.getFixedT(locale);
    initI18n(locale);
    for (const key of ['wallet.packageTitle', 'knowledge.docCount', 'chat.messageCount', 'redeem.gotDays']) {
      for (const count of [0, 1, 2, 5, 21, 1_000_000]) {
        const text = t(key, { count });
        expect(text, `${locale}:${key}:${count}`).not.toBe(key);
        if (!locale.startsWith('zh')) expect(text, `${locale}:${key}:${count}`).not.toMatch(HAN);
      }
    }
  });
});
