import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feedback } from '../../db/schema/feedback.js';

export type NewFeedback = typeof feedback.$inferInsert;
export type FeedbackRow = typeof feedback.$inferSelect;

/** The inbox's filters (docs/admin.md, Content): `q` matches the content or the contact. */
export type FeedbackFilter = {
  status?: FeedbackRow['status'];
  type?: string;
  q?: string;
  from?: Date;
  to?: Date;
};
export type FeedbackOrder = { sort?: 'created_at' | 'handled_at'; order?: 'asc' | 'desc' };

function where(f: FeedbackFilter): SQL | undefined {
  const like = f.q ? `%${f.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    f.status ? eq(feedback.status, f.status) : undefined,
    f.type ? eq(feedback.type, f.type) : undefined,
    like ? or(ilike(feedback.content, like), ilike(feedback.contact, like)) : undefined,
    f.from ? gte(feedback.createdAt, f.from) : undefined,
    f.to ? lt(feedback.createdAt, f.to) : undefined,
  );
}

export const feedbackRepository = {
  async insert(db: Executor, row: NewFeedback) {
    const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id });
    return inserted!;
  },

  async eraseContactsOf(db: Executor, userId: number) {
    await db.update(feedback).set({ contact: null, userAgent: null }).where(eq(feedback.userId, userId));
  },

  /** A page of the inbox: newest first (ids follow submission), or by when it was handled. */
  list(db: Executor, f: FeedbackFilter, o: FeedbackOrder, window: { limit: number; offset: number }) {
    const dir = o.order === 'asc' ? asc : desc;
    // Open ones (never handled) come last either way.
    const handled = sql`${feedback.handledAt} ${sql.raw(o.order === 'asc' ? 'asc' : 'desc')} nulls last`;
    const by = o.sort === 'handled_at' ? [handled, dir(feedback.id)] : [dir(feedback.id)];
    return db
      .select()
      .from(feedback)
      .where(where(f))
      .orderBy(...by)
      .limit(window.limit)
      .offset(window.offset);
  },

  async count(db: Executor, f: FeedbackFilter) {
    const [row] = await db.select({ n: count() }).from(feedback).where(where(f));
    return Number(row?.n ?? 0);
  },

  async byId(db: Executor, id: number) {
    const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
    return row;
  },

  /** Marks an open one handled; answers the row, or nothing when it is not open (handled already, or absent). */
  async handle(tx: Executor, id: number, set: { handledBy: number; handledAt: Date; reply: string | null }) {
    const [row] = await tx
      .update(feedback)
      .set({ ...set, status: 'handled' })
      .where(and(eq(feedback.id, id), eq(feedback.status, 'open')))
      .returning();
    return row;
  },
};
