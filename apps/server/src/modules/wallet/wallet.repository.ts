import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { chinaDayOf, dailyFigure } from '../../db/china-day.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/account.js';
import { chipLedger } from '../../db/schema/wallet.js';

export type LedgerRow = typeof chipLedger.$inferSelect;
export type NewLedgerRow = typeof chipLedger.$inferInsert;

/** A settled hold: the balance after it, and what the user can spend then (balance less other holds). */
export type Settled = { balance: number; available: number };

/** Rows of a raw statement, on either driver (both answer `{ rows }`). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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

  /**
   * Moves the balance only if it stays at or above what replies in progress have set aside (so, at or above
   * zero); returns the new balance or undefined.
   */
  async addToBalance(db: Executor, userId: number, delta: number) {
    const [row] = await db
      .update(users)
      .set({ chips: sql`${users.chips} + ${delta}` })
      .where(and(eq(users.id, userId), sql`${users.chips} + ${delta} >= ${users.chipsHeld}`))
      .returning({ chips: users.chips });
    return row?.chips;
  },

  async insertLedger(db: Executor, row: NewLedgerRow) {
    const [inserted] = await db.insert(chipLedger).values(row).returning();
    return inserted!;
  },

  async balance(db: Executor, userId: number) {
    const [row] = await db.select({ chips: users.chips }).from(users).where(eq(users.id, userId));
    return row?.chips ?? 0;
  },

  /** What the user can spend, with the user row locked until the transaction ends. */
  async lockAvailable(db: Executor, userId: number) {
    const [row] = await db
      .select({ available: sql<number>`${users.chips} - ${users.chipsHeld}` })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return Number(row?.available ?? 0);
  },

  /** Balance less the chips set aside for replies in progress. */
  async available(db: Executor, userId: number) {
    const [row] = await db
      .select({ available: sql<number>`${users.chips} - ${users.chipsHeld}` })
      .from(users)
      .where(eq(users.id, userId));
    return Number(row?.available ?? 0);
  },

  /**
   * Sets `amount` aside if the user can pay it, in one statement: the conditional UPDATE locks the user row
   * and re-checks the condition on the latest version, so concurrent holds can never oversubscribe. The
   * hold lasts `leaseMs` of database time (the one clock every process shares) unless renewed.
   */
  async hold(db: Executor, h: { userId: number; amount: number; ref: string; leaseMs: number }) {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`with u as (
            update users set chips_held = chips_held + ${h.amount}
            where id = ${h.userId} and chips - chips_held >= ${h.amount}
            returning id)
          insert into chip_holds (user_id, amount, ref, expires_at)
          select id, ${h.amount}, ${h.ref}, now() + ${h.leaseMs} * interval '1 millisecond' from u
          returning id`,
    );
    return rows.length > 0;
  },

  /** Extends the holds of replies still in progress by `leaseMs` from now (database time). */
  async renewHolds(db: Executor, refs: string[], leaseMs: number) {
    if (!refs.length) return;
    await db.execute(
      sql`update chip_holds set expires_at = now() + ${leaseMs} * interval '1 millisecond'
          where ref = any(${sql.param(refs)}::text[])`,
    );
  },

  /**
   * Ends a hold and takes `charge` from the balance in one statement. Returns the balance after and what the
   * user can spend then, or undefined when there was no such hold (it was settled already, or expired).
   */
  async releaseHold(db: Executor, ref: string, charge: number) {
    const rows = await rowsOf<Settled>(
      db,
      sql`with h as (delete from chip_holds where ref = ${ref} returning user_id, amount)
          update users set chips_held = users.chips_held - h.amount, chips = users.chips - ${charge}
          from h where users.id = h.user_id
          returning users.chips as balance, users.chips - users.chips_held as available`,
    );
    return rows[0];
  },

  /**
   * Ends a hold, takes its charge from the balance and writes the ledger row, all in one statement (so
   * atomic without a transaction). Returns the balance after and what the user can spend then, or undefined
   * when there was no such hold.
   */
  async chargeHold(db: Executor, ref: string, row: Omit<NewLedgerRow, 'balanceAfter' | 'userId'>) {
    const rows = await rowsOf<Settled>(
      db,
      sql`with h as (delete from chip_holds where ref = ${ref} returning user_id, amount),
          u as (
            update users set chips_held = users.chips_held - h.amount, chips = users.chips + ${row.delta}
            from h where users.id = h.user_id
            returning users.id, users.chips, users.chips - users.chips_held as available),
          l as (
            insert into chip_ledger
              (user_id, delta, balance_after, reason, ref_type, ref_id, idempotency_key, note, created_at)
            select u.id, ${row.delta}, u.chips, ${row.reason}, ${row.refType ?? null}, ${row.refId ?? null},
              ${row.idempotencyKey}, ${row.note ?? null}, ${row.createdAt ?? new Date()}
            from u
            returning balance_after)
          select l.balance_after as balance, u.available from l, u`,
    );
    return rows[0];
  },

  /**
   * Lets go of holds whose reply never reported back (its process died and stopped renewing them), but
   * not those in `except` (this process's own replies); `all` lets go of every other hold too.
   */
  async releaseHolds(db: Executor, o: { all: boolean; except: string[] }) {
    await db.execute(
      sql`with h as (
            delete from chip_holds
            where (${o.all} or expires_at < now()) and not (ref = any(${sql.param(o.except)}::text[]))
            returning user_id, amount),
          s as (select user_id, sum(amount)::int as total from h group by user_id)
          update users set chips_held = users.chips_held - s.total from s where users.id = s.user_id`,
    );
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
  /** Chips charged for replies per China day in [from, to): read from chip_ledger_chat_idx alone. */
  async dailyChipsSpent(db: Executor, from: Date, to: Date) {
    const day = chinaDayOf(chipLedger.createdAt);
    const rows = await db
      .select({ day, n: sql<string>`-sum(${chipLedger.delta})` })
      .from(chipLedger)
      .where(
        and(eq(chipLedger.reason, 'chat'), gte(chipLedger.createdAt, from), lt(chipLedger.createdAt, to)),
      )
      .groupBy(day);
    return dailyFigure(rows);
  },
};
