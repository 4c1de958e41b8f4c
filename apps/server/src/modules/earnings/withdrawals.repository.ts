import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { withdrawals } from '../../db/schema/earnings.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type WithdrawalStatus = WithdrawalRow['status'];

/** The operators' filters; `search`: a request matching any of its parts. */
export type WithdrawalFilter = {
  status?: WithdrawalStatus;
  channel?: WithdrawalRow['channel'];
  from?: Date;
  to?: Date;
  search?: { text: string; ids: number[]; userIds: number[] };
};
export type WithdrawalSort = { by?: 'created_at' | 'amount_fen'; order?: 'asc' | 'desc' };

/** A LIKE pattern that matches the text itself anywhere (its % and _ taken literally). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function adminWhere(f: WithdrawalFilter) {
  const s = f.search;
  return and(
    f.status ? eq(withdrawals.status, f.status) : undefined,
    f.channel ? eq(withdrawals.channel, f.channel) : undefined,
    f.from ? gte(withdrawals.createdAt, f.from) : undefined,
    f.to ? lt(withdrawals.createdAt, f.to) : undefined,
    s
      ? or(
          s.ids.length ? inArray(withdrawals.id, s.ids) : undefined,
          s.userIds.length ? inArray(withdrawals.userId, s.userIds) : undefined,
          // The payee, as the payout statement names them.
          ilike(withdrawals.account, containing(s.text)),
          ilike(withdrawals.realName, containing(s.text)),
        )
      : undefined,
  );
}

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

  /** The operators' list: one page of the filtered requests (docs/admin.md, Money). */
  async adminPage(db: Executor, f: WithdrawalFilter, sort: WithdrawalSort, limit: number, offset: number) {
    const dir = sort.order === 'asc' ? asc : desc;
    // Newest first by id (the creation order); the amount ties broken by id.
    const first = sort.by === 'amount_fen' ? [dir(withdrawals.amountFen)] : [];
    return db
      .select()
      .from(withdrawals)
      .where(adminWhere(f))
      .orderBy(...first, dir(withdrawals.id))
      .limit(limit)
      .offset(offset);
  },

  async adminCount(db: Executor, f: WithdrawalFilter) {
    const [row] = await db.select({ n: count() }).from(withdrawals).where(adminWhere(f));
    return row?.n ?? 0;
  },

  /** How many requests are in each state, and their amounts. */
  async byStatus(db: Executor) {
    const rows = await db
      .select({
        status: withdrawals.status,
        n: count(),
        fen: sql<string>`coalesce(sum(${withdrawals.amountFen}), 0)`,
      })
      .from(withdrawals)
      .groupBy(withdrawals.status);
    return rows.map((r) => ({ status: r.status, count: r.n, fen: Number(r.fen) }));
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
