import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeTimeCursor } from '../../platform/http/cursor.js';
import { pageOf, type RowPage } from '../../platform/http/page.js';
import type { AccountService, PublicProfile } from '../account/account.service.js';
import { blocksRepository as repo } from './blocks.repository.js';

/** Someone the user blocked, as the list shows them. */
export type BlockedView = PublicProfile & { id: number; blockedAt: Date };

/**
 * 拉黑 (docs/community.md, Blocks): who blocked whom. A block hides the blocked user's posts and comments from
 * the blocker and keeps them from commenting on the blocker's posts; it deletes nothing.
 */
export class BlocksService {
  constructor(
    readonly ctx: AppContext,
    private readonly deps: { account: AccountService },
  ) {}

  /** Whether `blockerId` has blocked `blockedId` (then `blockedId` may not comment on their posts). */
  hasBlocked(db: Executor, blockerId: number, blockedId: number): Promise<boolean> {
    return repo.exists(db, blockerId, blockedId);
  }

  /** Blocks a user, or lifts the block; idempotent. */
  async set(user: AuthUser, targetId: number, on: boolean): Promise<{ blocked: boolean }> {
    if (targetId === user.id) throw AppError.badRequest('不能拉黑自己', { field: 'id' });
    const { db, clock } = this.ctx;
    if (on) {
      if (!(await this.deps.account.exists(targetId))) throw AppError.notFound('用户不存在');
      await repo.insert(db, user.id, targetId, clock.now());
    } else if (!(await repo.remove(db, user.id, targetId)) && !(await this.deps.account.exists(targetId))) {
      throw AppError.notFound('用户不存在');
    }
    return { blocked: on };
  }

  /** The users I blocked, newest first. */
  async list(user: AuthUser, q: { cursor?: string; limit: number }): Promise<RowPage<BlockedView>> {
    const rows = await repo.list(this.ctx.db, user.id, decodeTimeCursor(q.cursor), q.limit);
    const profiles = await this.deps.account.publicProfiles(rows.map((r) => r.blockedId));
    const page = pageOf(rows, q.limit, (r) => [r.createdAt.getTime(), r.blockedId]);
    return {
      ...page,
      rows: rows.map((r) => ({
        id: r.blockedId,
        ...(profiles.get(r.blockedId) ?? { nickname: '', avatar: '' }),
        blockedAt: r.createdAt,
      })),
    };
  }
}
