import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { stringifyQuery } from './query-string';

/** The server reads queries with qs: what the client writes must read back as qs would have written it. */
describe('stringifyQuery', () => {
  const cases: Record<string, unknown>[] = [
    {},
    { limit: 20, cursor: 'eyJpZCI6MTJ9' },
    { keyword: '灵犀 助手', page: 1, page_size: 20 },
    { q: "a&b=c?d#e/f+g%h !'()*~-_." },
    { skip: null, gone: undefined, zero: 0, no: false, empty: '' },
    { status: ['paid', 'refunded'], ids: [1, null, 3] },
    { filter: { from: '2026-01-01', to: '2026-02-01', tags: ['x', 'y'] } },
    { at: new Date('2026-11-21T08:00:00Z') },
    { 'weird key[]': 'v', emoji: '👍🏽' },
    { __proto__: 'x', constructor: 'y' } as Record<string, unknown>,
  ];

  it.each(cases.map((c) => [JSON.stringify(c), c] as const))('writes %s as qs does', (_, params) => {
    expect(stringifyQuery(params)).toBe(qs.stringify(params, { skipNulls: true }));
  });

  it('reads back as the same values through qs.parse, as the server reads it', () => {
    const params = { keyword: '&limit=999', limit: 20, tags: ['a=b', 'c&d'] };
    expect(qs.parse(stringifyQuery(params))).toEqual({
      keyword: '&limit=999',
      limit: '20',
      tags: ['a=b', 'c&d'],
    });
  });

  it('never throws on a lone surrogate (pasted broken text): it goes as U+FFFD, which the server refuses', () => {
    expect(stringifyQuery({ keyword: 'a\uD800b' })).toBe('keyword=a%EF%BF%BDb');
  });
});
