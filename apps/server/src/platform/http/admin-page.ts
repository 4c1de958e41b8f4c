import type { AdminPage } from '@lingxi/contract';

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
