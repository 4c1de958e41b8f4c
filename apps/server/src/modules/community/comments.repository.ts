import {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { down } from './rank.js';
import type { Executor } from '../../db/client.js';
import type { TimeKey } from '../../platform/http/cursor.js';
import { commentLikes, comments, userBlocks } from '../../db/schema/community.js';

export type CommentRow = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;

/** The replies under a top-level comment, in the placeholder's check. */
const REPLY = 'reply';
const replies = alias(comments, REPLY);

/** The viewer has not blocked the author of `c` (docs/community.md, Blocks). */
const notBlockedBy = (viewerId: number, c: typeof comments | typeof replies) =>
  sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId}
    and ${userBlocks.blockedId} = ${c.authorId})`;

/** A comment of the table (or alias) `c` the viewer sees, the placeholder aside. */
function shownTo(viewerId: number | null, c: typeof comments | typeof replies): SQL {
  const shown = or(
    eq(c.status, 'published'),
    viewerId === null
      ? undefined
      : and(eq(c.authorId, viewerId), inArray(c.status, ['pending_review', 'rejected'])),
  )!;
  return viewerId === null ? shown : and(shown, notBlockedBy(viewerId, c))!;
}

/**
 * What a viewer sees of comments (docs/community.md, Comments): published ones, and their own while they wait
 * for review or were rejected; never those of an author they blocked. `placeholder` adds deleted top-level
 * comments with a reply the viewer sees (one `exists` over the replies; logged out, the count says it).
 */
function visibleTo(viewerId: number | null, o: { placeholder?: boolean } = {}): SQL {
  const seenReply =
    viewerId === null
      ? gt(comments.replyCount, 0)
      : exists(
          sql`(select 1 from ${comments} as ${sql.identifier(REPLY)} where ${replies.rootId} = ${comments.id} and ${shownTo(viewerId, replies)})`,
        );
  return or(
    shownTo(viewerId, comments),
    o.placeholder ? and(eq(comments.status, 'deleted'), seenReply) : undefined,
  )!;
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

  /**
   * The author's newest other published comment of the same kind on the same target as `c` (a top-level one
   * on its post, or a reply to the comment it answers): what keeps them in their notice when `c` goes.
   */
  async otherLive(tx: Executor, c: CommentRow) {
    const [row] = await tx
      .select()
      .from(comments)
      .where(
        and(
          eq(comments.authorId, c.authorId),
          eq(comments.status, 'published'),
          ne(comments.id, c.id),
          c.rootId === null
            ? and(eq(comments.postId, c.postId), isNull(comments.rootId))
            : eq(comments.replyToId, c.replyToId!),
        ),
      )
      .orderBy(desc(comments.id))
      .limit(1);
    return row;
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

  /** Comments waiting for review, oldest first, with the words of the comment each answers (unless deleted). */
  reviewQueue(db: Executor, after: TimeKey | undefined, limit: number) {
    return db
      .select({
        ...getTableColumns(comments),
        // Qualified by hand: drizzle writes a selected expression's columns bare, which `a` would capture.
        replyToContent: sql<string | null>`(select a.content from ${comments} a
          where a.id = ${comments}.${sql.identifier(comments.replyToId.name)} and a.status <> 'deleted')`,
      })
      .from(comments)
      .where(
        and(
          eq(comments.status, 'pending_review'),
          after
            ? sql`(${comments.createdAt}, ${comments.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit);
  },
};
