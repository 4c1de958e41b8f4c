import type { Page } from '@lingxi/contract';
import { encodeCursor } from './cursor.js';

/** What a service returns for a list: a page of rows and the cursor of the next page (null: none follows). */
export type RowPage<T> = { rows: T[]; nextCursor: string | null };

/**
 * The next-cursor rule, in one place: a full page may have a next one, which starts after its last row's key
 * (the key the repository orders and filters by); a shorter page is the last.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (last: T) => unknown): RowPage<T> {
  const last = rows.at(-1);
  return { rows, nextCursor: rows.length === limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/** A page of rows ordered by id, newest first: the next page starts below the last id. */
export const idPage = <T extends { id: number }>(rows: T[], limit: number) =>
  pageOf(rows, limit, (r) => r.id);

/** A page on the wire, `{ list, next_cursor }`, each row presented by `present`. */
export function presentPage<T, D>(page: RowPage<T>, present: (row: T) => D): Page<D> {
  return { list: page.rows.map(present), next_cursor: page.nextCursor };
}
