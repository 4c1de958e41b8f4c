import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { postFavourites, postLikes, posts, topics } from '../../db/schema/community.js';

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
