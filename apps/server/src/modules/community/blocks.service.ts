import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { blocksRepository as repo } from './blocks.repository.js';

/** 拉黑 (docs/community.md, Blocks): who blocked whom. */
export class BlocksService {
  constructor(readonly ctx: AppContext) {}

  /** Whether `blockerId` has blocked `blockedId` (then `blockedId` may not comment on their posts). */
  hasBlocked(db: Executor, blockerId: number, blockedId: number): Promise<boolean> {
    return repo.exists(db, blockerId, blockedId);
  }
}
