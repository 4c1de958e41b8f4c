import type { AdminPage } from '@lingxi/contract';
import { chinaDayRange } from '../clock.js';
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
 * The instants a list's `from`/`to` China days cover (`from`'s start inclusive, the day after `to` exclusive);
 * a date no calendar has (2026-02-30) is refused naming the field, never a 500.
 */
export function dayWindow(q: { from?: string; to?: string }): { from?: Date; to?: Date } {
  const range = (field: 'from' | 'to', day: string) => {
    const utc = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(utc.getTime()) || utc.toISOString().slice(0, 10) !== day) {
      const message = field === 'from' ? '开始日期不正确' : '结束日期不正确';
      throw AppError.badRequest(message, { field, issues: [{ field, message }] });
    }
    return chinaDayRange(day);
  };
  return {
    from: q.from ? range('from', q.from).from : undefined,
    to: q.to ? range('to', q.to).to : undefined,
  };
}
