import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { assertCleanFields, createWordFilter, normalise, WordFilterCache } from './index.js';

describe('the sensitive-word filter', () => {
  const filter = createWordFilter(['坏词', '违禁 短语', 'BadWord', '  ', '坏词']);

  it('finds a listed word anywhere in a text and reports it as listed', () => {
    expect(filter.find('这里有一个坏词。')).toBe('坏词');
    expect(filter.find('包含违禁短语的句子')).toBe('违禁 短语');
    expect(filter.find('干干净净的一句话')).toBeNull();
    expect(filter.find('')).toBeNull();
  });

  it('ignores case, full-width forms, and spaces or punctuation between the characters', () => {
    for (const text of [
      '坏 词',
      '坏*词',
      '坏，词',
      '坏\n\t词',
      '坏🙂词',
      'a badword b',
      'B a D-w*O_r.D',
      'ＢＡＤＷＯＲＤ',
    ])
      expect(filter.find(text), text).not.toBeNull();
  });

  it('does not match words that are only near each other', () => {
    expect(filter.find('坏人说了一个词')).toBeNull();
    expect(filter.find('bad, then word')).toBeNull();
    expect(filter.find('词坏')).toBeNull();
  });

  it('with an empty list, finds nothing', () => {
    expect(createWordFilter([]).find('坏词')).toBeNull();
    expect(createWordFilter(['', ' ， ']).find('任何内容')).toBeNull();
  });

  it('normalises to lower-case letters and digits only', () => {
    expect(normalise(' Ａb-C，中 文 1２3！')).toBe('abc中文123');
  });

  it('rebuilds the cached filter only when the list changes', () => {
    const cache = new WordFilterCache();
    const a = cache.get(['甲']);
    expect(cache.get(['甲'])).toBe(a);
    const b = cache.get(['乙']);
    expect(b).not.toBe(a);
    expect(b.find('甲')).toBeNull();
    expect(b.find('乙')).toBe('乙');
  });

  it('names the field (and the item of a list) that holds the word', () => {
    const check = (fields: Parameters<typeof assertCleanFields>[1]) => {
      try {
        assertCleanFields(filter, fields);
        return null;
      } catch (err) {
        return err as AppError;
      }
    };
    expect(check([{ field: 'intro', label: '简介', value: '正常' }])).toBeNull();
    const err = check([
      { field: 'name', label: '名称', value: '正常' },
      { field: 'tags', label: '标签', value: ['好', '坏 词'] },
    ]);
    expect(err).toBeInstanceOf(AppError);
    expect(err!.message).toBe('「标签」包含不当内容：坏词');
    expect(err!.data).toMatchObject({ field: 'tags.1' });
  });
});
