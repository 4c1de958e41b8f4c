import type { Executor } from '../../db/client.js';
import type { Interaction, InteractionKind, NoticesService } from '../notices/notices.service.js';
import type { BlocksService } from './blocks.service.js';

/**
 * The community's interaction notices (docs/community.md, Blocks and Messages): the one way posts and comments
 * reach `NoticesService`, so that nobody is told what someone they blocked did to their content (a like, a
 * favourite, a comment or a reply). Notices know nothing of blocks; this is where the two meet.
 */
export class InteractionNotices {
  constructor(private readonly deps: { notices: NoticesService; blocks: BlocksService }) {}

  /** `NoticesService.interact`, unless the recipient blocked the actor. In the caller's transaction. */
  async tell(tx: Executor, i: Interaction): Promise<void> {
    if (await this.deps.blocks.hasBlocked(tx, i.recipientId, i.actorId)) return;
    await this.deps.notices.interact(tx, i);
  }

  /** `NoticesService.retract` (an actor who was never told of changes nothing). */
  retract(tx: Executor, i: Parameters<NoticesService['retract']>[1]) {
    return this.deps.notices.retract(tx, i);
  }

  /** `NoticesService.requote`. */
  requote(tx: Executor, i: Parameters<NoticesService['requote']>[1]) {
    return this.deps.notices.requote(tx, i);
  }

  /** `NoticesService.unquote`: a deleted comment's words leave every row that shows them. */
  unquote(
    tx: Executor,
    commentId: number,
    bodies: Partial<Record<InteractionKind, string>>,
    otherwise: string,
  ) {
    return this.deps.notices.unquote(tx, commentId, bodies, otherwise);
  }
}
