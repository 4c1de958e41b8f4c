import { ErrorCode, type adminFeedbackQuery, type FeedbackHandleBody } from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { dayWindow, pageWindow, type CountedPage } from '../../platform/http/admin-page.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService } from '../admin/audit.service.js';
import { quote, type NoticesService } from '../notices/notices.service.js';
import { feedbackRepository as repo, type FeedbackFilter, type FeedbackRow } from './feedback.repository.js';

type Query = z.infer<typeof adminFeedbackQuery>;
export type UserBrief = { id: number; nickname: string; phone: string | null };
/** A feedback row as the inbox shows it: with who sent it and who handled it. */
export type InboxRow = FeedbackRow & { user: UserBrief | null; handler: UserBrief | null };

/** How much of the user's feedback a reply notice quotes. */
const QUOTE_MAX = 40;

/**
 * The operators' feedback inbox (docs/admin.md, Content): read, filter, export, and mark handled with an
 * optional reply, which the user gets as a system notice in the same transaction.
 */
export class FeedbackInboxService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { account: AccountService; notices: NoticesService; audit: AuditService },
  ) {}

  async list(q: Query): Promise<CountedPage<InboxRow>> {
    const filter = this.filterOf(q);
    const [rows, total] = await Promise.all([
      repo.list(this.ctx.db, filter, q, pageWindow(q)),
      repo.count(this.ctx.db, filter),
    ]);
    return { rows: await this.withPeople(rows), total };
  }

  /** The rows of an export: the list's filters and order, at most `max`. */
  async exportRows(q: Omit<Query, 'page' | 'page_size'>, max: number): Promise<InboxRow[]> {
    const rows = await repo.list(this.ctx.db, this.filterOf(q), q, { limit: max, offset: 0 });
    return this.withPeople(rows);
  }

  /**
   * Marks an open feedback handled, once: of concurrent attempts one wins, the others are refused. A reply goes
   * to the user as a system notice, which needs a living account (feedback sent signed out has no one to tell).
   */
  async handle(actorId: number, id: number, input: FeedbackHandleBody): Promise<InboxRow> {
    const reply = input.reply || null;
    // Checked before the transaction: on the embedded database a read outside an open one waits for its end.
    if (reply) {
      const row = await repo.byId(this.ctx.db, id);
      if (row?.status === 'open' && !(row.userId && (await this.deps.account.exists(row.userId)))) {
        const message = '该反馈没有可通知的用户（未登录提交或账号已注销），请通过联系方式回复';
        throw AppError.badRequest(message, { field: 'reply', issues: [{ field: 'reply', message }] });
      }
    }
    const row = await this.ctx.db.transaction(async (tx) => {
      const handled = await repo.handle(tx, id, {
        handledBy: actorId,
        handledAt: this.ctx.clock.now(),
        reply,
      });
      if (!handled) {
        if (!(await repo.byId(tx, id))) throw AppError.notFound('反馈不存在');
        throw new AppError(ErrorCode.CONFLICT, '该反馈已处理');
      }
      if (reply && handled.userId) {
        await this.deps.notices.notify(tx, handled.userId, {
          category: 'system',
          type: 'feedback_reply',
          title: '意见反馈有回复了',
          body: `你反馈的「${quote(handled.content, QUOTE_MAX)}」：${reply}`,
        });
      }
      await this.deps.audit.record(tx, {
        actorId,
        action: 'feedback.handle',
        target: `feedback:${id}`,
        detail: { replied: Boolean(reply) },
        before: { status: 'open' },
        after: { status: 'handled', reply },
      });
      return handled;
    });
    const [shown] = await this.withPeople([row]);
    return shown!;
  }

  private filterOf(q: Omit<Query, 'page' | 'page_size'>): FeedbackFilter {
    return {
      status: q.status === 'all' ? undefined : q.status,
      type: q.type,
      q: q.q || undefined,
      ...dayWindow(q),
    };
  }

  private async withPeople(rows: FeedbackRow[]): Promise<InboxRow[]> {
    const ids = rows.flatMap((r) => [r.userId, r.handledBy]).filter((id): id is number => id !== null);
    const briefs = await this.deps.account.briefs(ids);
    const of = (id: number | null) => (id === null ? null : (briefs.get(id) ?? null));
    return rows.map((r) => ({ ...r, user: of(r.userId), handler: of(r.handledBy) }));
  }
}
