import { describe, expect, it } from 'vitest';
import { localize, traditionalOf } from './localize.js';

describe('localize', () => {
  const source = { name: '软件助手', questions: ['怎么下载？', '数据在哪里？'] };
  const translations = {
    en: { name: 'Software helper', questions: ['How to download?'] },
    fr: { name: '', questions: [] },
    'zh-Hant': { name: '軟體助手' },
  };

  it('picks the translation of the locale, field by field', () => {
    expect(localize(source, translations, 'en')).toEqual({
      name: 'Software helper',
      questions: ['How to download?'],
    });
  });

  it('falls back to the source for an empty or missing translation (en, es, fr)', () => {
    expect(localize(source, translations, 'fr')).toEqual(source);
    expect(localize(source, translations, 'es')).toEqual(source);
    expect(localize(source, null, 'en')).toEqual(source);
  });

  it('zh-Hant: the explicit translation, else the OpenCC conversion of the source', () => {
    expect(localize(source, translations, 'zh-Hant')).toEqual({
      name: '軟體助手',
      questions: ['怎麼下載？', '數據在哪裡？'],
    });
    expect(localize(source, {}, 'zh-Hant').name).toBe('軟件助手');
  });

  it('zh-Hans is the source itself; outside a request the locale is zh-Hans', () => {
    expect(localize(source, translations, 'zh-Hans')).toBe(source);
    expect(localize(source, translations)).toBe(source);
  });

  it('ignores a translation of the wrong shape rather than serving it', () => {
    const odd = { en: { name: ['a'], questions: 'b' } } as never;
    expect(localize(source, odd, 'en')).toEqual(source);
  });

  it('remembers conversions', () => {
    const text = `测试缓存${Date.now()}`;
    expect(traditionalOf(text)).toBe(traditionalOf(text));
    expect(traditionalOf('')).toBe('');
  });
});
