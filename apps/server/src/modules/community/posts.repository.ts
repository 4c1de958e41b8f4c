import { and, eq, inArray, lt, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { postFavourites, postLikes, posts, topics, userBlocks } from '../../db/schema/community.js';
import { down, scoreAfter } from './rank.js';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type TopicRow = typeof topics.$inferSelect;

export type FeedFilter = {
  viewerId: number | null;
  topicId?: number;
  limit: number;
};

// A literal, not a parameter, so the planner matches the partial indexes (`where status = 'published'`).
const published = sql`${posts.status} = 'published'`;

/** Not by an author the viewer blocked (docs/community.md, Blocks): an anti-join in the feed's own query. */
function notBlockedBy(viewerId: number | null, db: Executor): SQL | undefined {
  if (viewerId === null) return undefined;
  return notExists(
    db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, posts.authorId))),
  );
}

export const postsRepository = {
  async insert(db: Executor, row: NewPost) {
    const [inserted] = await db.insert(posts).values(row).returning();
    return inserted!;
  },

  async byId(db: Executor, id: number) {
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
    return row;
  },

  /**
   * The row, locked until the transaction ends against a change of its status and against the other writers
   * of its counts (docs/community.md, Comments: the order of locks).
   */
  async lockedById(tx: Executor, id: number) {
    const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('no key update');
    return row;
  },

  byIds(db: Executor, ids: number[]) {
    return ids.length ? db.select().from(posts).where(inArray(posts.id, ids)) : Promise.resolve([]);
  },

  /**
   * Moves a post's counts by the deltas and re-ranks it, in one statement (docs/community.md, Feeds). Counts
   * never go below zero (a CHECK refuses it): callers move them only for a row they really added or removed.
   */
  async adjustCounts(
    db: Executor,
    id: number,
    d: { likes?: number; comments?: number; favourites?: number },
  ) {
    const likes = sql`${posts.likeCount} + ${d.likes ?? 0}`;
    const comments = sql`${posts.commentCount} + ${d.comments ?? 0}`;
    const favourites = sql`${posts.favouriteCount} + ${d.favourites ?? 0}`;
    const [row] = await db
      .update(posts)
      .set({
        likeCount: likes,
        commentCount: comments,
        favouriteCount: favourites,
        score: scoreAfter(likes, comments, favourites),
      })
      .where(eq(posts.id, id))
      .returning();
    return row;
  },

  /**
   * 推荐: published posts by score, then id, both descending, after the keyset `[score, id]` (the order of
   * `posts_recommend_idx`).
   */
  recommended(db: Executor, f: FeedFilter & { after?: [number, number] }) {
    return db
      .select()
      .from(posts)
      .where(
        and(
          published,
          f.topicId === undefined ? undefined : eq(posts.topicId, f.topicId),
          f.after ? sql`(${posts.score}, ${posts.id}) < (${f.after[0]}, ${f.after[1]})` : undefined,
          notBlockedBy(f.viewerId, db),
        ),
      )
      .orderBy(down(posts.score), down(posts.id))
      .limit(f.limit);
  },

  /**
   * 最新: published posts by id descending below `before`, merged with the viewer's own posts waiting for
   * review (each side reads its own index, `posts_latest_idx` and `posts_author_idx`).
   */
  latest(db: Executor, f: FeedFilter & { before?: number }) {
    const common = (...conds: (SQL | undefined)[]) =>
      and(
        f.topicId === undefined ? undefined : eq(posts.topicId, f.topicId),
        f.before === undefined ? undefined : lt(posts.id, f.before),
        ...conds,
      );
    const open = db
      .select()
      .from(posts)
      .where(common(published, notBlockedBy(f.viewerId, db)))
      .orderBy(down(posts.id))
      .limit(f.limit);
    if (f.viewerId === null) return open;
    const own = db
      .select()
      .from(posts)
      .where(common(eq(posts.authorId, f.viewerId), sql`${posts.status} = 'pending_review'`))
      .orderBy(down(posts.id))
      .limit(f.limit);
    return unionAll(open, own).orderBy(down(posts.id)).limit(f.limit);
  },

  /** An author's posts of every status, newest first (`posts_author_idx`), and how many there are. */
  ofAuthor(db: Executor, authorId: number, limit: number) {
    return db.select().from(posts).where(eq(posts.authorId, authorId)).orderBy(down(posts.id)).limit(limit);
  },

  async countOfAuthor(db: Executor, authorId: number) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(eq(posts.authorId, authorId));
    return Number(row?.n ?? 0);
  },

  /** Soft-deletes the author's post unless it is already deleted; undefined when nothing changed. */
  async softDelete(db: Executor, id: number, authorId: number, at: Date) {
    const [row] = await db
      .update(posts)
      .set({ status: 'deleted', deletedAt: at, updatedAt: at })
      .where(and(eq(posts.id, id), eq(posts.authorId, authorId), ne(posts.status, 'deleted')))
      .returning({ id: posts.id });
    return row;
  },

  /** True when the like is new (a second like of the same user changes nothing). */
  async addLike(db: Executor, postId: number, userId: number, at: Date) {
    const rows = await db
      .insert(postLikes)
      .values({ postId, userId, createdAt: at })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId });
    return rows.length > 0;
  },

  /** True when a like was there to remove. */
  async removeLike(db: Executor, postId: number, userId: number) {
    const rows = await db
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
      .returning({ postId: postLikes.postId });
    return rows.length > 0;
  },

  async addFavourite(db: Executor, postId: number, userId: number, at: Date) {
    const rows = await db
      .insert(postFavourites)
      .values({ postId, userId, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: postFavourites.id });
    return rows.length > 0;
  },

  async removeFavourite(db: Executor, postId: number, userId: number) {
    const rows = await db
      .delete(postFavourites)
      .where(and(eq(postFavourites.postId, postId), eq(postFavourites.userId, userId)))
      .returning({ id: postFavourites.id });
    return rows.length > 0;
  },

  /** The user's favourite published posts, newest favourite first, below the favourite id `before`. */
  favourites(db: Executor, userId: number, before: number | undefined, limit: number) {
    return db
      .select({ favId: postFavourites.id, post: posts })
      .from(postFavourites)
      .innerJoin(posts, eq(posts.id, postFavourites.postId))
      .where(
        and(
          eq(postFavourites.userId, userId),
          before === undefined ? undefined : lt(postFavourites.id, before),
          published,
          notBlockedBy(userId, db),
        ),
      )
      .orderBy(down(postFavourites.id))
      .limit(limit);
  },

  /**
   * An enabled topic (a post may carry it), kept from deletion until the transaction ends: a topic deleted at
   * the same moment is either gone here or waits for the post (and then refuses to go, as it is used).
   */
  async enabledTopic(tx: Executor, id: number) {
    const [row] = await tx
      .select()
      .from(topics)
      .where(and(eq(topics.id, id), eq(topics.enabled, true)))
      .for('key share');
    return row;
  },

  topicsByIds(db: Executor, ids: number[]) {
    return ids.length ? db.select().from(topics).where(inArray(topics.id, ids)) : Promise.resolve([]);
  },

  /** Which of these posts the user liked, and which they favourited. */
  async marksOf(db: Executor, userId: number, postIds: number[]) {
    if (!postIds.length) return { liked: new Set<number>(), favourited: new Set<number>() };
    const [liked, favourited] = await Promise.all([
      db
        .select({ id: postLikes.postId })
        .from(postLikes)
        .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds))),
      db
        .select({ id: postFavourites.postId })
        .from(postFavourites)
        .where(and(eq(postFavourites.userId, userId), inArray(postFavourites.postId, postIds))),
    ]);
    return { liked: new Set(liked.map((r) => r.id)), favourited: new Set(favourited.map((r) => r.id)) };
  },
};
