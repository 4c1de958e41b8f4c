import { and, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { noticeReads, notices } from '../../db/schema/notices.js';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;
export type Category = NoticeRow['category'];

/** Whose notices: the user's, and when they registered. */
export type Reader = { id: number; registeredAt: Date };

/** The notices a user sees: their own, and the broadcasts sent since they registered. */
const seenBy = (reader: Reader) =>
  or(eq(notices.userId, reader.id), and(isNull(notices.userId), gte(notices.createdAt, reader.registeredAt)));

export const noticesRepository = {
  async insert(db: Executor, row: NewNotice) {
    const [inserted] = await db.insert(notices).values(row).returning();
    return inserted!;
  },

  /** Unread notices per category: those above the user's read marker of their category. */
  async unreadCounts(db: Executor, reader: Reader) {
    const rows = await db
      .select({ category: notices.category, n: sql<number>`count(*)::int` })
      .from(notices)
      .leftJoin(
        noticeReads,
        and(eq(noticeReads.userId, reader.id), eq(noticeReads.category, notices.category)),
      )
      .where(and(seenBy(reader), gt(notices.id, sql`coalesce(${noticeReads.readUpTo}, 0)`)))
      .groupBy(notices.category);
    return new Map(rows.map((r) => [r.category, Number(r.n)]));
  },

  async list(db: Executor, reader: Reader, category: Category, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(notices)
      .where(
        and(eq(notices.category, category), seenBy(reader), beforeId ? lt(notices.id, beforeId) : undefined),
      )
      .orderBy(desc(notices.id))
      .limit(limit);
  },

  async readUpTo(db: Executor, userId: number, category: Category) {
    const [row] = await db
      .select({ readUpTo: noticeReads.readUpTo })
      .from(noticeReads)
      .where(and(eq(noticeReads.userId, userId), eq(noticeReads.category, category)));
    return row?.readUpTo ?? 0;
  },

  /** Moves the marker forward (never back: a late, older page cannot unread newer notices). */
  async markRead(db: Executor, userId: number, category: Category, upTo: number, at: Date) {
    await db
      .insert(noticeReads)
      .values({ userId, category, readUpTo: upTo, readAt: at })
      .onConflictDoUpdate({
        target: [noticeReads.userId, noticeReads.category],
        set: { readUpTo: sql`greatest(${noticeReads.readUpTo}, excluded.read_up_to)`, readAt: at },
      });
  },
};
