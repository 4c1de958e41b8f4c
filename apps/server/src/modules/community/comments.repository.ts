import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { down } from './rank.js';
import type { Executor } from '../../db/client.js';
import { commentLikes, comments, userBlocks } from '../../db/schema/community.js';

export type CommentRow = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;

/** The viewer has not blocked the comment's author (docs/community.md, Blocks). */
const notBlockedBy = (viewerId: number) =>
  sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId}
    and ${userBlocks.blockedId} = ${comments.authorId})`;

/**
 * What a viewer sees of comments (docs/community.md, Comments): published ones, and their own while they wait
 * for review or were rejected; never those of an author they blocked. `placeholder` adds deleted top-level
 * comments that still have visible replies.
 */
function visibleTo(viewerId: number | null, o: { placeholder?: boolean } = {}): SQL {
  const shown = or(
    eq(comments.status, 'published'),
    o.placeholder ? and(eq(comments.status, 'deleted'), gt(comments.replyCount, 0)) : undefined,
    viewerId === null
      ? undefined
      : and(eq(comments.authorId, viewerId), inArray(comments.status, ['pending_review', 'rejected'])),
  )!;
  return viewerId === null ? shown : and(shown, notBlockedBy(viewerId))!;
}

export const commentsRepository = {
  async insert(db: Executor, row: NewComment) {
    const [inserted] = await db.insert(comments).values(row).returning();
    return inserted!;
  },

  async byId(db: Executor, id: number) {
    const [row] = await db.select().from(comments).where(eq(comments.id, id));
    return row;
  },

  /** The row, locked until the transaction ends (a delete, a decision or a reply waits for the other). */
  async lockedById(db: Executor, id: number) {
    const [row] = await db.select().from(comments).where(eq(comments.id, id)).for('update');
    return row;
  },

  byIds(db: Executor, ids: number[]) {
    return ids.length ? db.select().from(comments).where(inArray(comments.id, ids)) : Promise.resolve([]);
  },

  /** A comment as the viewer sees it (a top-level one with `placeholder`), or undefined. */
  async visible(db: Executor, viewerId: number | null, id: number, o: { placeholder?: boolean } = {}) {
    const [row] = await db
      .select()
      .from(comments)
      .where(and(eq(comments.id, id), visibleTo(viewerId, o)));
    return row;
  },

  /** A post's top-level comments the viewer sees, newest first, below `beforeId`. */
  topLevel(
    db: Executor,
    viewerId: number | null,
    postId: number,
    beforeId: number | undefined,
    limit: number,
  ) {
    return db
      .select()
      .from(comments)
      .where(
        and(
          eq(comments.postId, postId),
          isNull(comments.rootId),
          visibleTo(viewerId, { placeholder: true }),
          beforeId ? lt(comments.id, beforeId) : undefined,
        ),
      )
      .orderBy(down(comments.id))
      .limit(limit);
  },

  /** A top-level comment's replies the viewer sees, oldest first, above `afterId`. */
  replies(db: Executor, viewerId: number | null, rootId: number, afterId: number | undefined, limit: number) {
    return db
      .select()
      .from(comments)
      .where(
        and(eq(comments.rootId, rootId), visibleTo(viewerId), afterId ? gt(comments.id, afterId) : undefined),
      )
      .orderBy(asc(comments.id))
      .limit(limit);
  },

  /** The first `n` replies the viewer sees under each of these top-level comments, oldest first: one query. */
  async firstReplies(db: Executor, viewerId: number | null, rootIds: number[], n: number) {
    if (!rootIds.length) return [];
    const ranked = db
      .select({
        ...getTableColumns(comments),
        rank: sql<number>`row_number() over (partition by ${comments.rootId} order by ${comments.id})`.as(
          'rank',
        ),
      })
      .from(comments)
      .where(and(inArray(comments.rootId, rootIds), visibleTo(viewerId)))
      .as('ranked');
    const rows = await db.select().from(ranked).where(lte(ranked.rank, n)).orderBy(asc(ranked.id));
    return rows.map(({ rank: _rank, ...row }) => row as CommentRow);
  },

  async update(db: Executor, id: number, patch: Partial<NewComment>) {
    const [row] = await db.update(comments).set(patch).where(eq(comments.id, id)).returning();
    return row!;
  },

  /** Moves a top-level comment's count of visible replies (a CHECK keeps it ≥ 0). */
  async adjustReplies(db: Executor, rootId: number, delta: number) {
    await db
      .update(comments)
      .set({ replyCount: sql`${comments.replyCount} + ${delta}` })
      .where(eq(comments.id, rootId));
  },

  /** Adds the like; true only when it was not there (then the caller moves the count). */
  async like(db: Executor, commentId: number, userId: number, at: Date) {
    const rows = await db
      .insert(commentLikes)
      .values({ commentId, userId, createdAt: at })
      .onConflictDoNothing()
      .returning({ commentId: commentLikes.commentId });
    return rows.length > 0;
  },

  /** Removes the like; true only when it was there. */
  async unlike(db: Executor, commentId: number, userId: number) {
    const rows = await db
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
      .returning({ commentId: commentLikes.commentId });
    return rows.length > 0;
  },

  /** Moves the like count by `delta` and returns it (or reads it, with 0). */
  async adjustLikes(db: Executor, id: number, delta: number) {
    const [row] = await db
      .update(comments)
      .set({ likeCount: sql`${comments.likeCount} + ${delta}` })
      .where(eq(comments.id, id))
      .returning({ likeCount: comments.likeCount });
    return row!.likeCount;
  },

  /** Which of these comments the user liked. */
  async likedOf(db: Executor, userId: number, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await db
      .select({ id: commentLikes.commentId })
      .from(commentLikes)
      .where(and(eq(commentLikes.userId, userId), inArray(commentLikes.commentId, ids)));
    return new Set(rows.map((r) => r.id));
  },

  /** Comments waiting for review, oldest first, after the cursor's `[created ms, id]`. */
  reviewQueue(db: Executor, after: [number, number] | undefined, limit: number) {
    return db
      .select()
      .from(comments)
      .where(
        and(
          eq(comments.status, 'pending_review'),
          after
            ? sql`(${comments.createdAt}, ${comments.id}) > (${new Date(after[0]).toISOString()}::timestamptz, ${after[1]})`
            : undefined,
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit);
  },
};
