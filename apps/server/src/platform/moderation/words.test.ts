import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { assertCleanFields, createWordFilter, normalise, normaliseMapped, WordFilterCache } from './index.js';

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

  it('finds every hit with where the text spells it, as find does', () => {
    const text = '开头坏 词，中间ＢＡＤ-word，还有违禁短语和坏*词🙂结尾';
    const hits = filter.findAll(text);
    expect(hits.map((h) => [h.word, text.slice(h.start, h.end)])).toEqual([
      ['坏词', '坏 词'],
      ['BadWord', 'ＢＡＤ-word'],
      ['违禁 短语', '违禁短语'],
      ['坏词', '坏*词'],
    ]);
    expect(filter.findAll('干干净净')).toEqual([]);
    expect(createWordFilter([]).findAll('坏词')).toEqual([]);
    for (const t of [text, '坏🙂词', 'e\u0301坏词', '\u0301开头的记号 坏词']) {
      expect(filter.findAll(t)[0]?.word ?? null, t).toBe(filter.find(t));
    }
  });

  it('maps each normalised unit back to the characters it came from', () => {
    for (const text of [' Ａb-C，中 文 1２3！', '👍🏻坏词', 'cafe\u0301 ﬁne', '\u0301x', '', '㈱会社']) {
      const mapped = normaliseMapped(text);
      expect(mapped.text, text).toBe(normalise(text));
      expect(mapped.from).toHaveLength(mapped.text.length);
      for (const [i, from] of mapped.from.entries()) {
        expect(from).toBeLessThan(mapped.to[i]!);
        expect(normalise(text.slice(from, mapped.to[i]))).toContain(mapped.text[i]);
      }
    }
  });
});

describe('the sensitive-word filter on long texts (matched in windows: docs/testing-suites.md, Fuzz)', () => {
  const filter = createWordFilter(['坏词', '很长的一个违禁短语在这里']);
  const pad = (n: number) => '汉'.repeat(n);

  it('finds a word wherever it falls in a long text, across the windows it is matched in', () => {
    for (let at = 1000; at <= 1030; at++) {
      expect(filter.find(`${pad(at)}坏词${pad(3000)}`), `坏词 at ${at}`).toBe('坏词');
      const long = `${pad(at)}很长的一个违禁短语在这里${pad(10)}`;
      expect(filter.find(long), `the long word at ${at}`).toBe('很长的一个违禁短语在这里');
      expect(filter.findAll(long)).toEqual([{ word: '很长的一个违禁短语在这里', start: at, end: at + 12 }]);
    }
    expect(filter.find(`${pad(100_000)}坏词`)).toBe('坏词');
    expect(filter.find(pad(100_000))).toBeNull();
  });

  it('lists every word of a long text once, where the text spells it, even by a window edge', () => {
    const text = `坏词${pad(1021)}坏词${pad(500)}坏 词${pad(2000)}坏词`;
    expect(filter.findAll(text).map((h) => [h.start, text.slice(h.start, h.end)])).toEqual([
      [0, '坏词'],
      [1023, '坏词'],
      [1525, '坏 词'],
      [3528, '坏词'],
    ]);
  });

  it('never cuts a character of two UTF-16 units at a window edge', () => {
    const astral = createWordFilter(['𠀀𠀁']);
    for (const lead of [1022, 1023, 1024])
      expect(astral.find(`${pad(lead)}${'𠀂'.repeat(600)}𠀀𠀁`), `after ${lead}`).toBe('𠀀𠀁');
    expect(astral.findAll(`${'𠀂'.repeat(511)}a𠀀𠀁`)).toEqual([{ word: '𠀀𠀁', start: 1023, end: 1027 }]);
  });
});
