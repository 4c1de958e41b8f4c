import { describe, expect, it } from 'vitest';
import { cursorPagesOptions, pageItems } from './cursor-pages';

const none = () => Promise.resolve({ list: [], next_cursor: null });

describe('cursorPagesOptions', () => {
  it('a list of the user’s own waits for a session; a public one does not', () => {
    expect(cursorPagesOptions(['mine', null], none, null).enabled).toBe(false);
    expect(cursorPagesOptions(['mine', 't'], none, 't').enabled).toBe(true);
    expect(cursorPagesOptions(['feed', null], none, null, { needsLogin: false }).enabled).toBe(true);
  });

  it('follows the last page’s cursor, and stops where there is none', () => {
    const options = cursorPagesOptions(['mine', 't'], none, 't');
    expect(options.getNextPageParam({ list: [], next_cursor: 'c2' }, [], undefined, [])).toBe('c2');
    expect(options.getNextPageParam({ list: [], next_cursor: null }, [], undefined, [])).toBeUndefined();
  });
});

describe('pageItems', () => {
  it('joins the pages, each item once by its id, in the order first seen', () => {
    const pages = [{ list: [{ id: 3 }, { id: 2 }] }, { list: [{ id: 2 }, { id: 1 }] }];
    expect(pageItems(pages)).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
  });

  it('keeps every item without an id, and nothing of no pages', () => {
    expect(pageItems([{ list: ['a', 'a'] }])).toEqual(['a', 'a']);
    expect(pageItems(undefined)).toEqual([]);
  });
});
