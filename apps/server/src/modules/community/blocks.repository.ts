import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { TimeKey } from '../../platform/http/cursor.js';
import { userBlocks } from '../../db/schema/community.js';

export type BlockRow = typeof userBlocks.$inferSelect;

export const blocksRepository = {
  async exists(db: Executor, blockerId: number, blockedId: number) {
    const [row] = await db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    return row !== undefined;
  },

  /** Adds the block unless it is there (a second block changes nothing). */
  async insert(db: Executor, blockerId: number, blockedId: number, at: Date) {
    await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
  },

  /** True when there was a block to remove. */
  async remove(db: Executor, blockerId: number, blockedId: number) {
    const rows = await db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
      .returning({ blockedId: userBlocks.blockedId });
    return rows.length > 0;
  },

  /** Whom the user blocked, newest first, after the keyset `[created, blocked id]`. */
  list(db: Executor, blockerId: number, after: TimeKey | undefined, limit: number) {
    return db
      .select()
      .from(userBlocks)
      .where(
        and(
          eq(userBlocks.blockerId, blockerId),
          after
            ? or(
                lt(userBlocks.createdAt, after.at),
                and(eq(userBlocks.createdAt, after.at), lt(userBlocks.blockedId, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
      .limit(limit);
  },
};
