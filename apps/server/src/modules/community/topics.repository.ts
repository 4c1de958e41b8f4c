import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { posts, topics } from '../../db/schema/community.js';

export type TopicRow = typeof topics.$inferSelect;
type TopicFields = { name: string; sort: number; enabled: boolean };

/** Topics (#话题): SQL only. Every list is in the operators' order: `sort` ascending, then id. */
export const topicsRepository = {
  enabled(db: Executor) {
    return db.select().from(topics).where(eq(topics.enabled, true)).orderBy(asc(topics.sort), asc(topics.id));
  },

  /** Every topic with the number of published posts under it. */
  withPostCounts(db: Executor) {
    return db
      .select({
        id: topics.id,
        name: topics.name,
        sort: topics.sort,
        enabled: topics.enabled,
        createdAt: topics.createdAt,
        postCount: sql<number>`(count(${posts.id}) filter (where ${posts.status} = 'published'))::int`,
      })
      .from(topics)
      .leftJoin(posts, eq(posts.topicId, topics.id))
      .groupBy(topics.id)
      .orderBy(asc(topics.sort), asc(topics.id));
  },

  async postCount(db: Executor, id: number) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(eq(posts.topicId, id), eq(posts.status, 'published')));
    return row?.n ?? 0;
  },

  /** Whether a topic was ever created here (the identity sequence was used), deleted ones included. */
  async everCreated(db: Executor) {
    const [row] = await db.select({ called: sql<boolean>`is_called` }).from(sql`topics_id_seq`);
    return row?.called === true;
  },

  /** The new topic, or undefined when the name is taken. */
  async insert(db: Executor, t: TopicFields & { createdAt: Date }) {
    const [row] = await db.insert(topics).values(t).onConflictDoNothing({ target: topics.name }).returning();
    return row;
  },

  /** The topic, locked against other operators' changes until the transaction ends. */
  async lockedById(db: Executor, id: number) {
    const [row] = await db.select().from(topics).where(eq(topics.id, id)).for('no key update');
    return row;
  },

  async update(db: Executor, id: number, t: TopicFields) {
    const [row] = await db.update(topics).set(t).where(eq(topics.id, id)).returning();
    return row;
  },

  /** Whether any post, in any status, names the topic (its foreign key keeps such a topic). */
  async used(db: Executor, id: number) {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(posts)
      .where(eq(posts.topicId, id))
      .limit(1);
    return row !== undefined;
  },

  async delete(db: Executor, id: number) {
    const rows = await db.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id });
    return rows.length > 0;
  },
};
