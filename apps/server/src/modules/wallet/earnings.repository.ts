import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/account.js';
import { earningsLedger } from '../../db/schema/wallet.js';

export type EarningsRow = typeof earningsLedger.$inferSelect;
export type NewEarningsRow = typeof earningsLedger.$inferInsert;

export type EarningsBalances = { earnings: number; frozen: number; debt: number };

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The earnings account's columns of users, and its ledger. Every statement moves and checks in one go. */
export const earningsRepository = {
  async lockKey(db: Executor, idempotencyKey: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'earnings:' + idempotencyKey}, 0))`);
  },

  async byKey(db: Executor, idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(earningsLedger)
      .where(eq(earningsLedger.idempotencyKey, idempotencyKey));
    return row;
  },

  async balances(db: Executor, userId: number): Promise<EarningsBalances> {
    const [row] = await db
      .select({ earnings: users.earnings, frozen: users.earningsFrozen, debt: users.earningsDebt })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? { earnings: 0, frozen: 0, debt: 0 };
  },

  /**
   * Locks the user's row for the rest of the transaction and reads the earnings columns as they are now (the
   * latest committed values, whatever the transaction's snapshot): a change computed from them cannot be lost
   * to a concurrent one.
   */
  async lockBalances(db: Executor, userId: number): Promise<EarningsBalances | undefined> {
    const [row] = await rowsOf<EarningsBalances>(
      db,
      sql`select earnings, earnings_frozen as frozen, earnings_debt as debt from users
          where id = ${userId} for update`,
    );
    return row && { earnings: Number(row.earnings), frozen: Number(row.frozen), debt: Number(row.debt) };
  },

  /**
   * A credit: pays off the debt first, the rest becomes available. Returns what became available and the
   * balance after.
   */
  async credit(db: Executor, userId: number, amount: number) {
    const now = await earningsRepository.lockBalances(db, userId);
    if (!now) return undefined;
    const paid = Math.min(now.debt, amount);
    const net = amount - paid;
    const [row] = await rowsOf<{ balance: number }>(
      db,
      sql`update users set earnings = earnings + ${net}, earnings_debt = earnings_debt - ${paid}
          where id = ${userId} returning earnings as balance`,
    );
    return row && { balance: Number(row.balance), net };
  },

  /**
   * A debit. `debt`: what the available part cannot cover is recorded as a debt (a refund's commission);
   * otherwise the debit is refused (undefined) unless it fits. `freeze`: the amount moves to the frozen part.
   */
  async debit(db: Executor, userId: number, amount: number, o: { debt: boolean; freeze: boolean }) {
    const now = await earningsRepository.lockBalances(db, userId);
    if (!now || (!o.debt && now.earnings < amount)) return undefined;
    const taken = Math.min(now.earnings, amount);
    const owed = amount - taken;
    // The condition repeats what the lock made true, so that no statement alone can take earnings below zero.
    const [row] = await rowsOf<{ balance: number }>(
      db,
      sql`update users set
            earnings = earnings - ${taken},
            earnings_debt = earnings_debt + ${owed},
            earnings_frozen = earnings_frozen + ${o.freeze ? taken : 0}
          where id = ${userId} and earnings >= ${taken}
          returning earnings as balance`,
    );
    return row && { balance: Number(row.balance), taken };
  },

  /** Frozen money leaves (a withdrawal paid) or returns to available (rejected). False: not that much frozen. */
  async unfreeze(db: Executor, userId: number, amount: number, back: boolean) {
    const [row] = await rowsOf<{ balance: number }>(
      db,
      sql`update users set
            earnings_frozen = users.earnings_frozen - ${amount},
            earnings = users.earnings + ${back ? amount : 0}
          where id = ${userId} and users.earnings_frozen >= ${amount}
          returning users.earnings as balance`,
    );
    return row && Number(row.balance);
  },

  async insert(db: Executor, row: NewEarningsRow) {
    const [inserted] = await db.insert(earningsLedger).values(row).returning();
    return inserted!;
  },

  async records(db: Executor, userId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(earningsLedger)
      .where(and(eq(earningsLedger.userId, userId), beforeId ? lt(earningsLedger.id, beforeId) : undefined))
      .orderBy(desc(earningsLedger.id))
      .limit(limit);
  },

  async ledgerSum(db: Executor, userId: number) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${earningsLedger.delta}), 0)` })
      .from(earningsLedger)
      .where(eq(earningsLedger.userId, userId));
    return Number(row?.total ?? 0);
  },
};
