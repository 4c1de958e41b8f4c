import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userBlocks } from '../../db/schema/community.js';

export const blocksRepository = {
  async exists(db: Executor, blockerId: number, blockedId: number) {
    const [row] = await db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    return row !== undefined;
  },
};
