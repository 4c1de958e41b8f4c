import { ErrorCode, type ReviewDecisionBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { decodeTimeCursor } from '../../platform/http/cursor.js';
import { pageOf } from '../../platform/http/page.js';
import type { AuditService } from '../admin/audit.service.js';
import type { NoticeInput, NoticesService } from '../notices/notices.service.js';
import type { BotRow } from './bots.repository.js';
import type { BotsService } from './bots.service.js';
import { columnsOf, myBotsRepository as repo } from './my-bots.repository.js';

const MY_AI = '/user/my-ai';

/** The creator's review notice: what was decided, about the bot or about an edit of it, and why. */
function noticeOf(bot: BotRow, edit: boolean, d: ReviewDecisionBody): NoticeInput {
  const name = (bot.pending ?? bot).name;
  if (d.decision === 'approve') {
    return {
      category: 'review',
      type: edit ? 'bot_edit_approved' : 'bot_approved',
      title: edit ? '智能体修改已通过审核' : '智能体已通过审核',
      body: edit
        ? `你对智能体「${name}」的修改已通过审核，新版本已上线。`
        : `你的智能体「${name}」已通过审核，现已公开发布。`,
      link: MY_AI,
    };
  }
  return {
    category: 'review',
    type: edit ? 'bot_edit_rejected' : 'bot_rejected',
    title: edit ? '智能体修改未通过审核' : '智能体未通过审核',
    body: edit
      ? `你对智能体「${name}」的修改未通过审核，原因：${d.reason}。线上仍为修改前的版本。`
      : `你的智能体「${name}」未通过审核，原因：${d.reason}。修改后可重新提交。`,
    link: MY_AI,
  };
}

/** Operators' review of public bots and of edits of published ones (role admin). */
export class BotReviewService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { bots: BotsService; notices: NoticesService; audit: AuditService },
  ) {}

  async queue(cursor: string | undefined, limit: number) {
    const rows = await repo.queue(this.ctx.db, decodeTimeCursor(cursor), limit);
    // Queued bots all have a submission time (the queue's order).
    return pageOf(await this.deps.bots.withCreators(rows), limit, (b) => [b.submittedAt!.getTime(), b.id]);
  }

  /** How many bots wait for review (the console's dashboard). */
  pendingCount() {
    return repo.queueCount(this.ctx.db);
  }

  /**
   * Approve: a new bot is published; an edit replaces the live version. Reject (a reason is required): a new
   * bot is `rejected`; an edit is dropped and the live version stays published. Either way the creator gets a
   * review notice, and the decision is audited, in the same transaction.
   */
  async decide(actorId: number, botId: number, d: ReviewDecisionBody) {
    if (d.decision === 'reject' && !d.reason) {
      throw AppError.badRequest('请填写驳回原因', {
        field: 'reason',
        issues: [{ field: 'reason', message: '请填写驳回原因' }],
      });
    }
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const bot = await repo.lockedById(tx, botId);
      if (!bot) throw AppError.notFound('智能体不存在或已删除');
      if (!bot.submittedAt) throw new AppError(ErrorCode.CONFLICT, '该智能体不在审核队列中');
      const edit = bot.pending !== null;
      const done = { submittedAt: null, pending: null, updatedAt: now };
      if (d.decision === 'approve') {
        await repo.update(tx, botId, {
          ...done,
          ...(bot.pending ? columnsOf(bot.pending) : { status: 'published' as const, publishedAt: now }),
          rejectReason: null,
        });
      } else {
        await repo.update(tx, botId, {
          ...done,
          ...(edit ? {} : { status: 'rejected' as const }),
          rejectReason: d.reason!,
        });
      }
      if (bot.creatorId !== null) await this.deps.notices.notify(tx, bot.creatorId, noticeOf(bot, edit, d));
      await this.deps.audit.record(tx, {
        actorId,
        action: d.decision === 'approve' ? 'bot.approve' : 'bot.reject',
        target: `bot:${botId}`,
        detail: { edit, name: (bot.pending ?? bot).name, ...(d.reason ? { reason: d.reason } : {}) },
      });
    });
    this.deps.bots.forget(botId);
    return (await this.deps.bots.find(botId))!;
  }
}
