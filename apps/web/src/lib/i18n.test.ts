import { describe, expect, it } from 'vitest';
import { detectLocale, resolveLocale } from './i18n';

describe('locale detection', () => {
  it.each([
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['es-ES', 'es'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['en-GB', 'en'],
    ['en', 'en'],
    ['de-DE', null],
    ['', null],
  ])('%s → %s', (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale);
  });

  it("prefers the user's stored choice", () => {
    expect(detectLocale('fr', ['zh-CN'])).toBe('fr');
  });

  it('else follows the first supported browser language', () => {
    expect(detectLocale(null, ['de-DE', 'zh-TW', 'en'])).toBe('zh-Hant');
  });

  it('ignores a stored value that is no locale', () => {
    expect(detectLocale('xx', ['es-MX'])).toBe('es');
  });

  it('else falls back to en (docs/product.md, Client contract)', () => {
    expect(detectLocale(null, ['de-DE', 'ja'])).toBe('en');
  });
});
