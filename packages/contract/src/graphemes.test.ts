import { describe, expect, it } from 'vitest';
import { countGraphemes, cutGraphemes } from './community.js';

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
