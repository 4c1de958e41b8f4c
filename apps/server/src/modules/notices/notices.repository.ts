import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { noticeActors, noticeReads, notices } from '../../db/schema/notices.js';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;
export type Category = NoticeRow['category'];

/** What a row's body shows, and the comment it quotes (null: none). */
export type Quote = { body: string; quotedCommentId: number | null };

/** Whose notices: the user's, and when they registered. */
export type Reader = { id: number; registeredAt: Date };

/** The notices a user sees: their own, and the broadcasts sent since they registered. */
const seenBy = (reader: Reader) =>
  or(eq(notices.userId, reader.id), and(isNull(notices.userId), gte(notices.createdAt, reader.registeredAt)));

/** Which broadcasts a console list shows: `q` in the title or the text, sent within [from, to). */
export type BroadcastFilter = { q?: string; from?: Date; to?: Date };

/** Broadcasts are the rows without a user (their own index, `notices_broadcast_idx`). */
function broadcastsWhere(f: BroadcastFilter) {
  const like = f.q ? `%${f.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    isNull(notices.userId),
    eq(notices.category, 'system'),
    like ? or(ilike(notices.title, like), ilike(notices.body, like)) : undefined,
    f.from ? gte(notices.createdAt, f.from) : undefined,
    f.to ? lt(notices.createdAt, f.to) : undefined,
  );
}

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

  /* ---------- Broadcasts, as operators list them (docs/admin.md, Content) ---------- */

  broadcasts(
    db: Executor,
    f: BroadcastFilter,
    order: 'asc' | 'desc',
    window: { limit: number; offset: number },
  ) {
    return db
      .select()
      .from(notices)
      .where(broadcastsWhere(f))
      .orderBy(order === 'asc' ? asc(notices.id) : desc(notices.id))
      .limit(window.limit)
      .offset(window.offset);
  },

  async broadcastCount(db: Executor, f: BroadcastFilter) {
    const [row] = await db.select({ n: count() }).from(notices).where(broadcastsWhere(f));
    return Number(row?.n ?? 0);
  },

  /* ---------- Aggregated interaction notices (docs/community.md, Messages) ---------- */

  /**
   * Serialises the changes of one recipient's group until the transaction ends (on PGlite and PostgreSQL
   * alike), so concurrent likes of one post join one row instead of each starting their own.
   */
  async lockGroup(tx: Executor, userId: number, groupKey: string) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notice:${userId}:${groupKey}`}, 0))`,
    );
  },

  /** The recipient's newest row of the group above their read marker: the one still unread. */
  async unreadGroupRow(tx: Executor, userId: number, groupKey: string, readUpTo: number) {
    const [row] = await tx
      .select()
      .from(notices)
      .where(and(eq(notices.userId, userId), eq(notices.groupKey, groupKey), gt(notices.id, readUpTo)))
      .orderBy(desc(notices.id))
      .limit(1);
    return row;
  },

  /** The actors of one row move to another (a joined row is written again on top, with a new id). */
  async moveActors(tx: Executor, fromId: number, toId: number) {
    await tx.update(noticeActors).set({ noticeId: toId }).where(eq(noticeActors.noticeId, fromId));
  },

  /** The actor joins the row; one who is there already only becomes its newest. */
  async addActor(tx: Executor, noticeId: number, actorId: number, at: Date) {
    await tx
      .insert(noticeActors)
      .values({ noticeId, actorId, createdAt: at })
      .onConflictDoUpdate({ target: [noticeActors.noticeId, noticeActors.actorId], set: { createdAt: at } });
  },

  /** The actor leaves the row; answers whether they were in it. */
  async removeActor(tx: Executor, noticeId: number, actorId: number) {
    const gone = await tx
      .delete(noticeActors)
      .where(and(eq(noticeActors.noticeId, noticeId), eq(noticeActors.actorId, actorId)))
      .returning({ actorId: noticeActors.actorId });
    return gone.length > 0;
  },

  /** The row's newest actor (whose text its body shows). */
  async newestActor(tx: Executor, noticeId: number) {
    const [row] = await tx
      .select({ actorId: noticeActors.actorId })
      .from(noticeActors)
      .where(eq(noticeActors.noticeId, noticeId))
      .orderBy(desc(noticeActors.createdAt), desc(noticeActors.actorId))
      .limit(1);
    return row?.actorId;
  },

  /** Recounts the row's actors (and sets what its body shows, when given); answers the count. */
  async recount(tx: Executor, noticeId: number, show?: Quote) {
    const [row] = await tx
      .update(notices)
      .set({
        actorCount: sql`(select count(*)::int from ${noticeActors} where ${noticeActors.noticeId} = ${noticeId})`,
        ...show,
      })
      .where(eq(notices.id, noticeId))
      .returning({ actorCount: notices.actorCount });
    return row?.actorCount ?? 0;
  },

  /** The row's body becomes `show`'s. */
  async show(tx: Executor, noticeId: number, show: Quote) {
    await tx.update(notices).set(show).where(eq(notices.id, noticeId));
  },

  /**
   * Rows whose body quotes the comment, read or not, show `body` instead (of `type` only, when given) and no
   * longer quote it.
   */
  async unquote(tx: Executor, commentId: number, body: string, type?: string) {
    await tx
      .update(notices)
      .set({ body, quotedCommentId: null })
      .where(
        and(eq(notices.quotedCommentId, commentId), type === undefined ? undefined : eq(notices.type, type)),
      );
  },

  async remove(tx: Executor, noticeId: number) {
    await tx.delete(notices).where(eq(notices.id, noticeId));
  },

  /** The newest `perRow` actors of each row, newest first. */
  async actorsOf(db: Executor, noticeIds: number[], perRow: number) {
    if (!noticeIds.length) return [];
    const ranked = db
      .select({
        noticeId: noticeActors.noticeId,
        actorId: noticeActors.actorId,
        rank: sql<number>`row_number() over (partition by ${noticeActors.noticeId}
          order by ${noticeActors.createdAt} desc, ${noticeActors.actorId} desc)`.as('rank'),
      })
      .from(noticeActors)
      .where(inArray(noticeActors.noticeId, noticeIds))
      .as('ranked');
    return db
      .select({ noticeId: ranked.noticeId, actorId: ranked.actorId })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${perRow}`)
      .orderBy(ranked.noticeId, ranked.rank);
  },
};
