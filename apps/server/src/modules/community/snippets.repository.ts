import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { snippets } from '../../db/schema/community.js';

export type SnippetRow = typeof snippets.$inferSelect;
export type NewSnippet = typeof snippets.$inferInsert;

export const snippetsRepository = {
  /** The user's own snippet (anyone else's reads as missing). */
  async owned(db: Executor, userId: number, id: number) {
    const [row] = await db
      .select()
      .from(snippets)
      .where(and(eq(snippets.id, id), eq(snippets.userId, userId)));
    return row;
  },

  /**
   * Serialises a user's snippet writes until the transaction ends, so that counting and inserting stay one
   * step under concurrent saves (the per-user limit is exact).
   */
  async lockUser(tx: Executor, userId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`snippets:${userId}`}, 0))`);
  },

  async countOwned(db: Executor, userId: number) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(snippets)
      .where(eq(snippets.userId, userId));
    return Number(row?.n ?? 0);
  },

  async insert(db: Executor, row: NewSnippet) {
    const [inserted] = await db.insert(snippets).values(row).returning();
    return inserted!;
  },

  /** The user's snippets, newest first; `beforeId` pages backwards. */
  async list(db: Executor, userId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(snippets)
      .where(and(eq(snippets.userId, userId), beforeId ? lt(snippets.id, beforeId) : undefined))
      .orderBy(desc(snippets.id))
      .limit(limit);
  },

  async updateOwned(
    db: Executor,
    userId: number,
    id: number,
    patch: { title?: string; note?: string; updatedAt: Date },
  ) {
    const [row] = await db
      .update(snippets)
      .set(patch)
      .where(and(eq(snippets.id, id), eq(snippets.userId, userId)))
      .returning();
    return row;
  },

  async deleteOwned(db: Executor, userId: number, id: number) {
    const [row] = await db
      .delete(snippets)
      .where(and(eq(snippets.id, id), eq(snippets.userId, userId)))
      .returning({ id: snippets.id });
    return row;
  },
};
