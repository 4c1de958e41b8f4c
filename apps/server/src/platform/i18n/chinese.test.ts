import { describe, expect, it } from 'vitest';
import { toSimplified, toTraditional } from './chinese.js';

describe('Chinese script conversion', () => {
  it('turns simplified into traditional and back', () => {
    expect(toTraditional('编程助手帮你写代码')).toBe('編程助手幫你寫代碼');
    expect(toSimplified('編程助手幫你寫代碼')).toBe('编程助手帮你写代码');
  });

  it('reads Hong Kong and Taiwan variants as the same simplified text', () => {
    expect(toSimplified('裏面')).toBe(toSimplified('裡面'));
  });

  it('leaves other scripts alone', () => {
    expect(toTraditional('Hello 123 😀')).toBe('Hello 123 😀');
  });
});
