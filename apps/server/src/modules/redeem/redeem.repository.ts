import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { redeemBatches, redeemCodes } from '../../db/schema/redeem.js';

export type RedeemBatchRow = typeof redeemBatches.$inferSelect;
export type RedeemCodeRow = typeof redeemCodes.$inferSelect;
/** A batch with how many of its codes are used. */
export type BatchWithCounts = RedeemBatchRow & { usedCount: number };

/** The operators' filters of batches: status as of `now`, kind, and a name (note) or id to search. */
export type BatchFilter = {
  now: Date;
  status?: 'active' | 'expired' | 'disabled';
  kind?: RedeemBatchRow['kind'];
  search?: { text: string; id?: number };
};
export type BatchSort = { by?: 'created_at' | 'expires_at'; order?: 'asc' | 'desc' };

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function adminWhere(f: BatchFilter) {
  const b = redeemBatches;
  const status = {
    disabled: isNotNull(b.disabledAt),
    expired: and(isNull(b.disabledAt), lte(b.expiresAt, f.now)),
    active: and(isNull(b.disabledAt), gt(b.expiresAt, f.now)),
  };
  const s = f.search;
  return and(
    f.status ? status[f.status] : undefined,
    f.kind ? eq(b.kind, f.kind) : undefined,
    s ? or(ilike(b.note, containing(s.text)), s.id ? eq(b.id, s.id) : undefined) : undefined,
  );
}

// Written out: inside a select from redeem_batches, Drizzle would leave `redeem_batches.id` unqualified.
const usedCount = sql<number>`(select count(*) from redeem_codes c
  where c.batch_id = redeem_batches.id and c.used_by is not null)`.mapWith(Number);

export const redeemRepository = {
  /** A code and its batch. */
  async codeWithBatch(db: Executor, code: string) {
    const [row] = await db
      .select({ code: redeemCodes, batch: redeemBatches })
      .from(redeemCodes)
      .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
      .where(eq(redeemCodes.code, code));
    return row;
  },

  async userRedeemedInBatch(db: Executor, batchId: number, userId: number) {
    const [row] = await db
      .select({ id: redeemCodes.id })
      .from(redeemCodes)
      .where(and(eq(redeemCodes.batchId, batchId), eq(redeemCodes.usedBy, userId)))
      .limit(1);
    return !!row;
  },

  /**
   * The claim: one conditional statement, so that of any number of concurrent attempts exactly one takes the
   * code (the others wait on its row, then find it used). Returns the row when this attempt took it.
   */
  async claim(db: Executor, codeId: number, userId: number, at: Date) {
    const [row] = await db
      .update(redeemCodes)
      .set({ usedBy: userId, usedAt: at })
      .where(and(eq(redeemCodes.id, codeId), isNull(redeemCodes.usedBy)))
      .returning();
    return row;
  },

  async insertBatch(db: Executor, row: typeof redeemBatches.$inferInsert) {
    const [batch] = await db.insert(redeemBatches).values(row).returning();
    return batch!;
  },

  /** Inserts the codes that are not taken; returns those inserted. */
  async insertCodes(db: Executor, batchId: number, codes: string[]) {
    const rows = await db
      .insert(redeemCodes)
      .values(codes.map((code) => ({ batchId, code })))
      .onConflictDoNothing()
      .returning({ code: redeemCodes.code });
    return rows.map((r) => r.code);
  },

  async batch(db: Executor, id: number): Promise<BatchWithCounts | undefined> {
    const [row] = await db
      .select({ batch: redeemBatches, usedCount })
      .from(redeemBatches)
      .where(eq(redeemBatches.id, id));
    return row && { ...row.batch, usedCount: row.usedCount };
  },

  /** The batch row locked for the rest of the transaction. */
  async lockBatch(db: Executor, id: number) {
    const [row] = await db.select().from(redeemBatches).where(eq(redeemBatches.id, id)).for('update');
    return row;
  },

  /** The operators' list: one page of the filtered batches, each with its used count. */
  async adminPage(
    db: Executor,
    f: BatchFilter,
    sort: BatchSort,
    limit: number,
    offset: number,
  ): Promise<BatchWithCounts[]> {
    const dir = sort.order === 'asc' ? asc : desc;
    const first = sort.by === 'expires_at' ? [dir(redeemBatches.expiresAt)] : [];
    const rows = await db
      .select({ batch: redeemBatches, usedCount })
      .from(redeemBatches)
      .where(adminWhere(f))
      .orderBy(...first, dir(redeemBatches.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r.batch, usedCount: r.usedCount }));
  },

  async adminCount(db: Executor, f: BatchFilter) {
    const [row] = await db.select({ n: count() }).from(redeemBatches).where(adminWhere(f));
    return row?.n ?? 0;
  },

  async disable(db: Executor, id: number, at: Date) {
    await db
      .update(redeemBatches)
      .set({ disabledAt: at })
      .where(and(eq(redeemBatches.id, id), isNull(redeemBatches.disabledAt)));
  },

  codesOfBatch(db: Executor, batchId: number) {
    return db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId)).orderBy(asc(redeemCodes.id));
  },
};
