import { and, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { dailyStats } from '../../db/schema/admin.js';

export type StoredFigure = { day: string; metric: string; value: number };

/** The dashboard's stored figures of finished days: SQL only. */
export const dashboardRepository = {
  /** Every stored figure of the days `first` to `last`, inclusive: a range of the (day, metric) key. */
  async read(db: Executor, first: string, last: string): Promise<StoredFigure[]> {
    return db
      .select({ day: dailyStats.day, metric: dailyStats.metric, value: dailyStats.value })
      .from(dailyStats)
      .where(and(gte(dailyStats.day, first), lte(dailyStats.day, last)));
  },

  /** Keeps figures; one stored already (a concurrent computation of the same day) stays as it was. */
  async store(db: Executor, rows: StoredFigure[], at: Date) {
    if (!rows.length) return;
    await db
      .insert(dailyStats)
      .values(rows.map((r) => ({ ...r, computedAt: at })))
      .onConflictDoNothing();
  },
};
