import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { postFavourites, postLikes, posts, topics } from '../../db/schema/community.js';
import { scoreAfter } from './rank.js';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type TopicRow = typeof topics.$inferSelect;

export const postsRepository = {
  async insert(db: Executor, row: NewPost) {
    const [inserted] = await db.insert(posts).values(row).returning();
    return inserted!;
  },

  async byId(db: Executor, id: number) {
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
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
