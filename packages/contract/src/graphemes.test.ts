import { describe, expect, it } from 'vitest';
import { countGraphemes, cutGraphemes } from './limits.js';

describe('cutGraphemes', () => {
  it('cuts at characters as users see them, never inside an emoji', () => {
    const family = '👨‍👩‍👧';
    const text = `好${family}👍🏻🇨🇳é`;
    expect(countGraphemes(text)).toBe(5);
    expect(cutGraphemes(text, 2)).toBe(`好${family}`);
    expect(cutGraphemes(text, 3, '…')).toBe(`好${family}👍🏻…`);
    expect(cutGraphemes('👍🏻'.repeat(201), 200, '…')).toBe(`${'👍🏻'.repeat(200)}…`);
  });

  it('adds the mark only when something was cut off', () => {
    expect(cutGraphemes('你好', 2, '…')).toBe('你好');
    expect(cutGraphemes('你好', 5, '…')).toBe('你好');
    expect(cutGraphemes('', 3, '…')).toBe('');
    expect(cutGraphemes('你好', 0, '…')).toBe('…');
  });
});

describe('long texts (read a window at a time: docs/testing-suites.md, Fuzz)', () => {
  const seg = new Intl.Segmenter('zh', { granularity: 'grapheme' });
  const whole = (text: string) => [...seg.segment(text)].length;

  it('counts and cuts clusters that straddle a window edge as one', () => {
    for (const lead of [1018, 1020, 1021, 1022, 1023, 1024, 1025]) {
      for (const odd of ['👨‍👩‍👧', '👍🏻', '🇨🇳', 'e\u0301\u0302', '\r\n', '각', '𠀀']) {
        const text = `${'汉'.repeat(lead)}${odd}${'好'.repeat(1030)}${odd}`;
        expect(countGraphemes(text), `${lead} ${odd}`).toBe(whole(text));
        expect(cutGraphemes(text, lead + 1), `${lead} ${odd}`).toBe(`${'汉'.repeat(lead)}${odd}`);
      }
    }
  });

  it('counts a 100,000-character text exactly', () => {
    expect(countGraphemes('汉'.repeat(100_000))).toBe(100_000);
    expect(countGraphemes('👍🏻'.repeat(30_000))).toBe(30_000);
    expect(cutGraphemes('汉'.repeat(100_000), 3, '…')).toBe('汉汉汉…');
  });
});
