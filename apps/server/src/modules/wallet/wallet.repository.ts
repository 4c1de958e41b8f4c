import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { chipHolds, chipLedger, users } from '../../db/schema.js';

export type LedgerRow = typeof chipLedger.$inferSelect;
export type NewLedgerRow = typeof chipLedger.$inferInsert;

export const walletRepository = {
  /**
   * Holds the idempotency key until the transaction ends, so a concurrent change with the same key waits and
   * then finds the ledger row instead of failing on the unique index.
   */
  async lockKey(db: Executor, idempotencyKey: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${idempotencyKey}, 0))`);
  },

  async ledgerByKey(db: Executor, idempotencyKey: string) {
    const [row] = await db.select().from(chipLedger).where(eq(chipLedger.idempotencyKey, idempotencyKey));
    return row;
  },

  /** Moves the balance only if it stays at or above zero; returns the new balance or undefined. */
  async addToBalance(db: Executor, userId: number, delta: number) {
    const [row] = await db
      .update(users)
      .set({ chips: sql`${users.chips} + ${delta}` })
      .where(and(eq(users.id, userId), sql`${users.chips} + ${delta} >= 0`))
      .returning({ chips: users.chips });
    return row?.chips;
  },

  async insertLedger(db: Executor, row: NewLedgerRow) {
    const [inserted] = await db.insert(chipLedger).values(row).returning();
    return inserted!;
  },

  /** The balance, with the user row locked until the transaction ends. */
  async balanceForUpdate(db: Executor, userId: number) {
    const [row] = await db
      .select({ chips: users.chips })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row?.chips;
  },

  /** Balance less unexpired holds, in one statement. */
  async available(db: Executor, userId: number, now: Date) {
    const [row] = await db
      .select({
        available: sql<string>`${users.chips} - coalesce((select sum(${chipHolds.amount}) from ${chipHolds} where ${chipHolds.userId} = ${users.id} and ${chipHolds.expiresAt} > ${now}), 0)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    return Number(row?.available ?? 0);
  },

  async balance(db: Executor, userId: number) {
    const [row] = await db.select({ chips: users.chips }).from(users).where(eq(users.id, userId));
    return row?.chips ?? 0;
  },

  async heldAmount(db: Executor, userId: number, now: Date) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${chipHolds.amount}), 0)` })
      .from(chipHolds)
      .where(and(eq(chipHolds.userId, userId), gt(chipHolds.expiresAt, now)));
    return Number(row?.total ?? 0);
  },

  async insertHold(db: Executor, hold: typeof chipHolds.$inferInsert) {
    await db.insert(chipHolds).values(hold);
  },

  async takeHold(db: Executor, ref: string) {
    const [row] = await db.delete(chipHolds).where(eq(chipHolds.ref, ref)).returning();
    return row;
  },

  async deleteExpiredHolds(db: Executor, now: Date) {
    await db.delete(chipHolds).where(lt(chipHolds.expiresAt, now));
  },

  async records(db: Executor, userId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(chipLedger)
      .where(and(eq(chipLedger.userId, userId), beforeId ? lt(chipLedger.id, beforeId) : undefined))
      .orderBy(desc(chipLedger.id))
      .limit(limit);
  },

  async ledgerSum(db: Executor, userId: number) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${chipLedger.delta}), 0)` })
      .from(chipLedger)
      .where(eq(chipLedger.userId, userId));
    return Number(row?.total ?? 0);
  },
};
