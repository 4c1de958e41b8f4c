import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { withdrawals } from '../../db/schema/earnings.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type WithdrawalStatus = WithdrawalRow['status'];

export const withdrawalsRepository = {
  /** Serialises a user's withdrawal requests until the transaction ends (the daily maximum is counted). */
  async lockUser(db: Executor, userId: number) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'withdrawal:user:' + userId}, 0))`);
  },

  async byKey(db: Executor, userId: number, idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, idempotencyKey)));
    return row;
  },

  async byId(db: Executor, id: number) {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    return row;
  },

  /** The row, locked until the transaction ends (an operator's action on it). */
  async lockById(db: Executor, id: number) {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    return row;
  },

  /** What a user requested in [from, to), rejected requests aside (their money came back). */
  async requestedBetween(db: Executor, userId: number, from: Date, to: Date) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${withdrawals.amountFen}), 0)` })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          gte(withdrawals.createdAt, from),
          lt(withdrawals.createdAt, to),
          ne(withdrawals.status, 'rejected'),
        ),
      );
    return Number(row?.total ?? 0);
  },

  async insert(db: Executor, row: NewWithdrawal) {
    const [inserted] = await db.insert(withdrawals).values(row).returning();
    return inserted!;
  },

  async mine(db: Executor, userId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), beforeId ? lt(withdrawals.id, beforeId) : undefined))
      .orderBy(desc(withdrawals.id))
      .limit(limit);
  },

  /** How many requests are in this status: a count of withdrawals_status_idx. */
  async countByStatus(db: Executor, status: WithdrawalStatus) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.status, status));
    return Number(row?.n ?? 0);
  },

  async list(
    db: Executor,
    status: WithdrawalStatus | undefined,
    beforeId: number | undefined,
    limit: number,
  ) {
    return db
      .select()
      .from(withdrawals)
      .where(
        and(
          status ? eq(withdrawals.status, status) : undefined,
          beforeId ? lt(withdrawals.id, beforeId) : undefined,
        ),
      )
      .orderBy(desc(withdrawals.id))
      .limit(limit);
  },

  /**
   * The one conditional state change: `from` → the patch's status, or nothing (undefined) when the row is no
   * longer in one of `from` (a concurrent action got there first).
   */
  async transition(
    db: Executor,
    id: number,
    from: WithdrawalStatus[],
    patch: Partial<Pick<WithdrawalRow, 'reason' | 'reference' | 'reviewedBy'>> & {
      status: WithdrawalStatus;
      updatedAt: Date;
    },
  ) {
    const [row] = await db
      .update(withdrawals)
      .set(patch)
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
      .returning();
    return row;
  },
};
