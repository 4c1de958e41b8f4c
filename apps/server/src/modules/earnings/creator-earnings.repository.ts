import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { creatorEarnings } from '../../db/schema/earnings.js';

export type CreatorEarningRow = typeof creatorEarnings.$inferSelect;

export const creatorEarningsRepository = {
  /** The bot's record of the day, unless it exists already (undefined then: settled before). */
  async insertIfNew(db: Executor, row: typeof creatorEarnings.$inferInsert) {
    const [inserted] = await db
      .insert(creatorEarnings)
      .values(row)
      .onConflictDoNothing({ target: [creatorEarnings.botId, creatorEarnings.day] })
      .returning();
    return inserted;
  },

  async mine(db: Executor, creatorId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(creatorEarnings)
      .where(
        and(
          eq(creatorEarnings.creatorId, creatorId),
          beforeId ? lt(creatorEarnings.id, beforeId) : undefined,
        ),
      )
      .orderBy(desc(creatorEarnings.id))
      .limit(limit);
  },
};
