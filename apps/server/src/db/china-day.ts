import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The China day (UTC+8, `YYYY-MM-DD`) of a timestamptz column, in SQL, whatever the session's time zone: what
 * the dashboard's per-day figures group by (docs/admin.md, Dashboard). The same day as `chinaDay` in
 * platform/clock.ts.
 */
export const chinaDayOf = (column: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** A per-day figure: China day → value (days without any are absent). */
export type DailyFigure = Map<string, number>;

/** Rows of `{ day, n }` as a DailyFigure (drivers answer aggregates as strings or numbers). */
export const dailyFigure = (rows: { day: string; n: unknown }[]): DailyFigure =>
  new Map(rows.map((r) => [r.day, Number(r.n)]));
