import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeIdCursor } from './cursor.js';
import { idPage, pageOf, presentPage } from './page.js';

const rows = (...ids: number[]) => ids.map((id) => ({ id, at: id * 1000 }));

describe('the next-cursor rule', () => {
  it('gives a full page a cursor after its last row, and a shorter one none', () => {
    const full = idPage(rows(9, 8, 7), 3);
    expect(decodeIdCursor(full.nextCursor!)).toBe(7);
    expect(idPage(rows(2, 1), 3).nextCursor).toBeNull();
    expect(idPage([], 3).nextCursor).toBeNull();
  });

  it('keys a page by what the list is ordered by', () => {
    const page = pageOf(rows(5, 4), 2, (r) => [r.at, r.id]);
    const isPair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2;
    expect(decodeCursor(page.nextCursor!, isPair)).toEqual([4000, 4]);
  });

  it('puts a page on the wire as { list, next_cursor }, each row presented', () => {
    const page = idPage(rows(3, 2), 2);
    expect(presentPage(page, (r) => ({ n: r.id }))).toEqual({
      list: [{ n: 3 }, { n: 2 }],
      next_cursor: page.nextCursor,
    });
  });
});
