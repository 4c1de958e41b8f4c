import '../../test-i18n';
import { describe, expect, it } from 'vitest';
import { actionColor, actionLabel, targetLabel } from './action-labels';
import { diffRows, flatten, showValue, VALUE_KEY } from './diff';

describe('audit action labels', () => {
  it('names known actions, composes unknown ones of known areas, and keeps the rest as they are', () => {
    expect(actionLabel('bot.approve')).toBe('通过智能体审核');
    expect(actionLabel('redeem.batch.create')).toBe('生成兑换码');
    expect(actionLabel('user.disable')).toBe('用户·停用');
    expect(actionLabel('model.price_change')).toBe('模型·price_change');
    expect(actionLabel('mystery.thing')).toBe('mystery.thing');
    expect(actionLabel('bot')).toBe('bot');
  });

  it('colours removals red and names targets', () => {
    expect(actionColor('post.remove')).toBe('red');
    expect(actionColor('bot.approve')).toBe('purple');
    expect(targetLabel('bot:42')).toBe('智能体 #42');
    expect(targetLabel('setting:vip_price')).toBe('设置 #vip_price');
    expect(targetLabel('thing:1')).toBe('thing:1');
  });
});

describe('audit before/after diff', () => {
  it('flattens nested values and marks what changed', () => {
    expect(flatten({ a: { b: 1, c: [1, 2] }, d: {} })).toEqual({ 'a.b': 1, 'a.c': [1, 2], d: {} });
    expect(flatten(5)).toEqual({ [VALUE_KEY]: 5 });
    expect(flatten(null)).toEqual({});
    expect(diffRows({ role: 'user', chips: 10 }, { role: 'admin', chips: 10, note: 'x' })).toEqual([
      { key: 'role', before: 'user', after: 'admin', changed: true },
      { key: 'chips', before: 10, after: 10, changed: false },
      { key: 'note', before: undefined, after: 'x', changed: true },
    ]);
    expect(diffRows(100, 150)).toEqual([{ key: VALUE_KEY, before: 100, after: 150, changed: true }]);
  });

  it('shows values as one line', () => {
    expect(showValue(undefined)).toBe('—');
    expect(showValue('')).toBe('（空）');
    expect(showValue(true)).toBe('是');
    expect(showValue(['a', 'b'])).toBe('a、b');
    expect(showValue({ x: 1 })).toBe('{"x":1}');
  });
});
