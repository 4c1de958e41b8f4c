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
   * A credit: pays off the debt first, the rest becomes available. Returns what became available and the
   * balance after.
   */
  async credit(db: Executor, userId: number, amount: number) {
    const [row] = await rowsOf<{ balance: number; net: number }>(
      db,
      sql`with o as (select earnings_debt as debt from users where id = ${userId} for update)
          update users set
            earnings = users.earnings + ${amount} - least(o.debt, ${amount}),
            earnings_debt = users.earnings_debt - least(o.debt, ${amount})
          from o where users.id = ${userId}
          returning users.earnings as balance, ${amount} - least(o.debt, ${amount}) as net`,
    );
    return row && { balance: Number(row.balance), net: Number(row.net) };
  },

  /**
   * A debit. `debt`: what the available part cannot cover is recorded as a debt (a refund's commission);
   * otherwise the debit is refused (undefined) unless it fits. `freeze`: the amount moves to the frozen part.
   */
  async debit(db: Executor, userId: number, amount: number, o: { debt: boolean; freeze: boolean }) {
    const taken = o.debt ? sql`least(users.earnings, ${amount})` : sql`${amount}`;
    const [row] = await rowsOf<{ balance: number; taken: number }>(
      db,
      sql`update users set
            earnings = users.earnings - ${taken},
            earnings_debt = users.earnings_debt + ${o.debt ? sql`${amount} - least(users.earnings, ${amount})` : sql`0`},
            earnings_frozen = users.earnings_frozen + ${o.freeze ? taken : sql`0`}
          where id = ${userId} and (${o.debt} or users.earnings >= ${amount})
          returning users.earnings as balance, ${taken} as taken`,
    );
    return row && { balance: Number(row.balance), taken: Number(row.taken) };
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
