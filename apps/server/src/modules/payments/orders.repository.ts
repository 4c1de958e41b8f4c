import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { chinaDayOf, dailyFigure } from '../../db/china-day.js';
import type { Executor } from '../../db/client.js';
import { orders, type ProviderPayload } from '../../db/schema/payments.js';

export type OrderRow = typeof orders.$inferSelect;

/** The operators' filters of the order list; `search`: an order matching any of its parts. */
export type OrderFilter = {
  status?: OrderRow['status'];
  kind?: OrderRow['kind'];
  channel?: string;
  userId?: number;
  from?: Date;
  to?: Date;
  search?: { text: string; userIds: number[] };
};
export type OrderSort = { by?: 'created_at' | 'amount_fen'; order?: 'asc' | 'desc' };

function adminWhere(f: OrderFilter) {
  const s = f.search;
  return and(
    f.status ? eq(orders.status, f.status) : undefined,
    f.kind ? eq(orders.kind, f.kind) : undefined,
    f.channel ? eq(orders.channel, f.channel) : undefined,
    f.userId ? eq(orders.userId, f.userId) : undefined,
    f.from ? gte(orders.createdAt, f.from) : undefined,
    f.to ? lt(orders.createdAt, f.to) : undefined,
    // Each part is an index lookup: the order number, the provider's transaction number, the user.
    s
      ? or(
          eq(orders.orderNo, s.text),
          eq(orders.transactionId, s.text),
          s.userIds.length ? inArray(orders.userId, s.userIds) : undefined,
        )
      : undefined,
  );
}
export type NewOrder = typeof orders.$inferInsert;

/** The orders and the payers' openids: SQL only (docs/money.md, Orders and payments). */
export const ordersRepository = {
  /** Inserts unless the user's key is taken already (a concurrent duplicate): then returns undefined. */
  async insert(db: Executor, row: NewOrder) {
    const [created] = await db
      .insert(orders)
      .values(row)
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning();
    return created;
  },

  async byKey(db: Executor, userId: number, key: string) {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row;
  },

  async byNo(db: Executor, orderNo: string) {
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    return row;
  },

  /** The order, locked until the transaction ends: fulfilment and refunds queue on it. */
  async lockByNo(db: Executor, orderNo: string) {
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
    return row;
  },

  /**
   * Keeps the first payment made for the order and answers the one kept, or undefined when the order is gone
   * (its first request failed at the provider and deleted it meanwhile).
   */
  async setPay(db: Executor, id: number, pay: Record<string, unknown>) {
    const [row] = await db
      .update(orders)
      .set({ pay: sql`coalesce(${orders.pay}, ${JSON.stringify(pay)}::jsonb)` })
      .where(eq(orders.id, id))
      .returning({ pay: orders.pay });
    return row?.pay ?? undefined;
  },

  /** A pending order whose payment could not be created at the provider: it never existed. */
  async deleteUnpaid(db: Executor, id: number) {
    await db.delete(orders).where(and(eq(orders.id, id), eq(orders.status, 'pending'), isNull(orders.pay)));
  },

  /** pending/closed/paid → fulfilled; the row count decides (0: fulfilled or refunded already). */
  async markFulfilled(
    db: Executor,
    id: number,
    set: {
      transactionId: string | null;
      paidAt: Date;
      fulfilledAt: Date;
      chips: number;
      paymentPayload: ProviderPayload | null;
    },
  ) {
    const [row] = await db
      .update(orders)
      .set({ status: 'fulfilled', ...set })
      .where(and(eq(orders.id, id), inArray(orders.status, ['pending', 'closed', 'paid'])))
      .returning();
    return row;
  },

  /** pending → closed, unless a payment got there first. */
  async close(db: Executor, id: number, at: Date) {
    const [row] = await db
      .update(orders)
      .set({ status: 'closed', closedAt: at })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
      .returning();
    return row;
  },

  /** Pending orders past their time, oldest first. */
  async expired(db: Executor, now: Date, limit: number) {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
      .orderBy(orders.expiresAt)
      .limit(limit);
  },

  /**
   * Starts a refund of a fulfilled order: only one at a time (a failed one may be tried again, under the
   * same refund number, which the provider deduplicates). Undefined: not refundable now.
   */
  async startRefund(db: Executor, id: number, refundNo: string, reason: string, at: Date) {
    const [row] = await db
      .update(orders)
      .set({
        refundNo: sql`coalesce(${orders.refundNo}, ${refundNo})`,
        refundStatus: 'processing',
        refundReason: reason,
        refundRequestedAt: at,
      })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.status, 'fulfilled'),
          or(isNull(orders.refundStatus), eq(orders.refundStatus, 'failed')),
        ),
      )
      .returning();
    return row;
  },

  async refundFailed(db: Executor, id: number, payload?: ProviderPayload) {
    await db
      .update(orders)
      .set({ refundStatus: 'failed', ...(payload ? { refundPayload: payload } : {}) })
      .where(and(eq(orders.id, id), eq(orders.refundStatus, 'processing')));
  },

  /** fulfilled → refunded, once. */
  async markRefunded(db: Executor, id: number, at: Date, note: string, payload: ProviderPayload | null) {
    const [row] = await db
      .update(orders)
      .set({
        status: 'refunded',
        refundStatus: 'succeeded',
        refundedAt: at,
        refundNote: note,
        refundPayload: payload,
      })
      .where(and(eq(orders.id, id), eq(orders.status, 'fulfilled')))
      .returning();
    return row;
  },

  async countOfUser(db: Executor, userId: number) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, userId));
    return Number(row?.n ?? 0);
  },

  async listOfUser(db: Executor, userId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), beforeId ? lt(orders.id, beforeId) : undefined))
      .orderBy(desc(orders.id))
      .limit(limit);
  },

  /** The operators' list: one page of the filtered orders (docs/admin.md, Money). */
  async adminPage(db: Executor, f: OrderFilter, sort: OrderSort, limit: number, offset: number) {
    const dir = sort.order === 'asc' ? asc : desc;
    const column = sort.by === 'amount_fen' ? orders.amountFen : orders.createdAt;
    return db
      .select()
      .from(orders)
      .where(adminWhere(f))
      .orderBy(dir(column), dir(orders.id))
      .limit(limit)
      .offset(offset);
  },

  async adminCount(db: Executor, f: OrderFilter) {
    const [row] = await db.select({ n: count() }).from(orders).where(adminWhere(f));
    return row?.n ?? 0;
  },

  /**
   * Orders fulfilled per China day in [from, to), refunded ones too (gross: a refund does not move the day
   * of the sale): their amount in fen and how many, read from orders_fulfilled_idx alone.
   */
  async dailyRevenue(db: Executor, from: Date, to: Date) {
    const day = chinaDayOf(orders.fulfilledAt);
    const rows = await db
      .select({ day, fen: sql<string>`sum(${orders.amountFen})`, n: count() })
      .from(orders)
      .where(and(isNotNull(orders.fulfilledAt), gte(orders.fulfilledAt, from), lt(orders.fulfilledAt, to)))
      .groupBy(day);
    return { fen: dailyFigure(rows.map((r) => ({ day: r.day, n: r.fen }))), orders: dailyFigure(rows) };
  },

  /** The user's openid of one app (JSAPI pays with the OA's); wechatpay/wechat-auth.ts writes them. */
};
