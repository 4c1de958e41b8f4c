import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { snippets } from '../../db/schema/community.js';

export type SnippetRow = typeof snippets.$inferSelect;

export const snippetsRepository = {
  /** The user's own snippet (anyone else's reads as missing). */
  async owned(db: Executor, userId: number, id: number) {
    const [row] = await db
      .select()
      .from(snippets)
      .where(and(eq(snippets.id, id), eq(snippets.userId, userId)));
    return row;
  },
};
