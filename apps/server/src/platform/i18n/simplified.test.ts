import { describe, expect, it } from 'vitest';
import { toSimplified } from './simplified.js';

describe('toSimplified', () => {
  it('reads Taiwan, Hong Kong and OpenCC-standard traditional as one simplified text', () => {
    expect(toSimplified('資訊科技與軟體開發')).toBe('资讯科技与软体开发');
    // Taiwan writes 著 and 裡 where the standard has 着 and 裏; Hong Kong writes 衞, 衹, 枱.
    expect(toSimplified('隨著時間，裡面')).toBe('随着时间，里面');
    expect(toSimplified('衞生 衹有 枱燈 綫上 説話')).toBe('卫生 只有 台灯 线上 说话');
    expect(toSimplified('衛生 只有 檯燈 線上 說話')).toBe('卫生 只有 台灯 线上 说话');
  });

  it('keeps the words whose traditional form is also the simplified one', () => {
    expect(toSimplified('著名的作家，成績顯著')).toBe('著名的作家，成绩显著');
  });

  it('leaves simplified text, other scripts and emoji as they were', () => {
    const text = '随着人工智能的发展，著名的北京大学成立了实验室。Hello 123 😀 ÅÉ';
    expect(toSimplified(text)).toBe(text);
  });

  it('maps CJK compatibility ideographs to the unified ones', () => {
    expect(toSimplified('\uF900')).toBe('岂');
  });

  it('takes any string: NUL, lone surrogates, astral characters, a long run of one character', () => {
    expect(toSimplified('資\u0000訊\ud800說\udfff𠀋')).toBe('资\u0000讯\ud800说\udfff𠀋');
    const long = '國'.repeat(200_000);
    expect(toSimplified(long)).toBe('国'.repeat(200_000));
  });

  it('reads a mix of scripts in one text', () => {
    expect(toSimplified('我們的AI助手支持资讯检索與軟體开发')).toBe('我们的AI助手支持资讯检索与软体开发');
  });
});
