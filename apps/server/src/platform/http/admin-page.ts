import type { AdminPage } from '@lingxi/contract';
import { chinaDay, chinaDayRange } from '../clock.js';
import { AppError } from '../errors.js';

/** What a service returns for a console table: one page of rows and how many match in all (docs/admin.md, Tables). */
export type CountedPage<T> = { rows: T[]; total: number };

/** The SQL window of a console table's page: `page` from 1, `page_size` rows. */
export const pageWindow = (q: { page: number; page_size: number }) => ({
  limit: q.page_size,
  offset: (q.page - 1) * q.page_size,
});

/** A console page on the wire, `{ list, total }`, each row presented by `present`. */
export function presentCountedPage<T, D>(page: CountedPage<T>, present: (row: T) => D): AdminPage<D> {
  return { list: page.rows.map(present), total: page.total };
}

/**
 * A list's day range (`from`, `to`: China days, both inclusive) as instants: `from` at its midnight, `to` the
 * midnight after it. A day no calendar has (2026-02-30) or a range that ends before it starts is 10001.
 */
export function dayWindow(q: { from?: string; to?: string }): { from?: Date; to?: Date } {
  const at = (field: 'from' | 'to') => {
    const day = q[field];
    if (!day) return undefined;
    const { from, to } = chinaDayRange(day);
    // Date.parse rolls 02-30 over to 03-02; a real day reads back as itself.
    if (Number.isNaN(from.getTime()) || chinaDay(from) !== day) {
      const message = field === 'from' ? '开始日期不正确' : '结束日期不正确';
      throw AppError.badRequest(message, { field, issues: [{ field, message }] });
    }
    return field === 'from' ? from : to;
  };
  const window = { from: at('from'), to: at('to') };
  if (window.from && window.to && window.from >= window.to) {
    const message = '结束日期不能早于开始日期';
    throw AppError.badRequest(message, { field: 'to', issues: [{ field: 'to', message }] });
  }
  return window;
}
