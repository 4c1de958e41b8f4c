import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, resolveLocale } from './locale.js';

describe('resolveLocale', () => {
  it.each([
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh_SG', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant-HK', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['en-GB', 'en'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['de-DE', null],
    ['', null],
  ])('%s → %s', (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale);
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the highest q-value the app supports', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,zh-TW;q=0.8,en;q=0.7')).toBe('zh-Hant');
    expect(localeFromAcceptLanguage('en;q=0.5, fr;q=0.9')).toBe('fr');
    expect(localeFromAcceptLanguage('zh-Hans')).toBe('zh-Hans');
  });

  it('ignores q=0, junk and overlong headers', () => {
    expect(localeFromAcceptLanguage('fr;q=0, es')).toBe('es');
    expect(localeFromAcceptLanguage(';;;,\u0000,q=1')).toBeNull();
    expect(localeFromAcceptLanguage('x'.repeat(2000))).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
});
