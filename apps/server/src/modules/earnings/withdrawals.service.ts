import {
  ADMIN_EXPORT_MAX_ROWS,
  type adminWithdrawalQuery,
  type CreateWithdrawalBody,
  ErrorCode,
} from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { chinaDay, chinaDayRange, yuan } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { type CountedPage, dayWindow, pageWindow } from '../../platform/http/admin-page.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService } from '../admin/audit.service.js';
import type { NoticeInput, NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { Rules, UserBrief } from './earnings.presenter.js';
import {
  type WithdrawalFilter,
  type WithdrawalRow,
  type WithdrawalStatus,
  withdrawalsRepository as repo,
} from './withdrawals.repository.js';

type AdminQuery = z.infer<typeof adminWithdrawalQuery>;
/** A request as the operators see it: whose it is and who last acted on it. */
export type AdminWithdrawalRow = WithdrawalRow & { user: UserBrief; reviewer: UserBrief | null };

const CHANNEL: Record<WithdrawalRow['channel'], string> = { wechat: '微信', alipay: '支付宝' };
const STATUS: Record<WithdrawalStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  paid: '已打款',
  rejected: '已驳回',
};
const PAGE = '/user/withdrawal';

type Action = 'approve' | 'reject' | 'paid';
const ACTION: Record<Action, { from: WithdrawalStatus[]; to: WithdrawalStatus; verb: string }> = {
  approve: { from: ['pending'], to: 'approved', verb: '通过' },
  reject: { from: ['pending', 'approved'], to: 'rejected', verb: '驳回' },
  paid: { from: ['approved'], to: 'paid', verb: '标记为已打款' },
};

const amountError = (message: string) =>
  AppError.badRequest(message, { field: 'amount_fen', issues: [{ field: 'amount_fen', message }] });

/**
 * Withdrawals of earnings (docs/money.md, Withdrawals): a request freezes its amount in the same transaction
 * as its row; an operator approves, rejects (the money returns) or marks it paid (the money leaves), each one
 * conditional state change, audited and told to the user in the same transaction.
 */
export class WithdrawalsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      wallet: WalletService;
      settings: SettingsService;
      account: AccountService;
      notices: NoticesService;
      audit: AuditService;
    },
  ) {}

  /** Fee of a withdrawal: per-mille of the amount, rounded down, at least the minimum fee unless free. */
  static feeOf(amount: number, s: { withdrawal_fee_permille: number; withdrawal_fee_min_fen: number }) {
    if (!s.withdrawal_fee_permille) return 0;
    return Math.max(s.withdrawal_fee_min_fen, Math.floor((amount * s.withdrawal_fee_permille) / 1000));
  }

  private today() {
    return chinaDayRange(chinaDay(this.ctx.clock.now()));
  }

  async rules(userId: number): Promise<Rules> {
    const s = await this.deps.settings.money();
    const { from, to } = this.today();
    return {
      minFen: s.withdrawal_min_fen,
      dailyMaxFen: s.withdrawal_daily_max_fen,
      feePermille: s.withdrawal_fee_permille,
      feeMinFen: s.withdrawal_fee_permille ? s.withdrawal_fee_min_fen : 0,
      todayRequestedFen: await repo.requestedBetween(this.ctx.db, userId, from, to),
    };
  }

  /**
   * A request: the same key gets the same withdrawal back (a different request under it is refused). The
   * user's requests are serialised by a lock, so the daily maximum holds under concurrency; the freeze is
   * refused unless the available earnings cover the amount, and then nothing is written.
   */
  async create(userId: number, key: string, input: CreateWithdrawalBody): Promise<WithdrawalRow> {
    const s = await this.deps.settings.money();
    const { from, to } = this.today();
    const amount = input.amount_fen;
    return this.ctx.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const existing = await repo.byKey(tx, userId, key);
      if (existing) {
        const same =
          existing.amountFen === amount &&
          existing.channel === input.channel &&
          existing.account === input.account &&
          existing.realName === input.real_name;
        if (!same) throw new AppError(ErrorCode.CONFLICT, '该请求标识已用于另一笔提现申请，请刷新后重试');
        return existing;
      }
      if (amount < s.withdrawal_min_fen) throw amountError(`单笔提现金额至少¥${yuan(s.withdrawal_min_fen)}`);
      const today = await repo.requestedBetween(tx, userId, from, to);
      if (today + amount > s.withdrawal_daily_max_fen) {
        const left = Math.max(0, s.withdrawal_daily_max_fen - today);
        throw amountError(`超出每日提现上限¥${yuan(s.withdrawal_daily_max_fen)}，今日还可申请¥${yuan(left)}`);
      }
      const fee = WithdrawalsService.feeOf(amount, s);
      if (fee >= amount) throw amountError(`提现金额须大于手续费¥${yuan(fee)}`);
      const now = this.ctx.clock.now();
      const row = await repo.insert(tx, {
        userId,
        amountFen: amount,
        feeFen: fee,
        channel: input.channel,
        account: input.account,
        realName: input.real_name,
        idempotencyKey: key,
        createdAt: now,
        updatedAt: now,
      });
      await this.deps.wallet.earnings.freeze(tx, {
        userId,
        amount,
        idempotencyKey: `withdrawal:${row.id}`,
        refType: 'withdrawal',
        refId: String(row.id),
      });
      return row;
    });
  }

  async mine(userId: number, cursor: string | undefined, limit: number) {
    return idPage(await repo.mine(this.ctx.db, userId, decodeIdCursor(cursor), limit), limit);
  }

  /** How many requests wait for an operator's decision (the console's dashboard). */
  pendingCount() {
    return repo.countByStatus(this.ctx.db, 'pending');
  }

  /** The operators' list (docs/admin.md, Money), with whose each request is and who acted on it. */
  async list(q: AdminQuery): Promise<CountedPage<AdminWithdrawalRow>> {
    const f = await this.filter(q);
    const { limit, offset } = pageWindow(q);
    const [rows, total] = await Promise.all([
      repo.adminPage(this.ctx.db, f, { by: q.sort, order: q.order }, limit, offset),
      repo.adminCount(this.ctx.db, f),
    ]);
    return { rows: await this.withUsers(rows), total };
  }

  /** The list's rows for the payout reconciliation's CSV: every match, up to the export's limit. */
  async exportRows(q: AdminQuery): Promise<AdminWithdrawalRow[]> {
    const f = await this.filter(q);
    const sort = { by: q.sort, order: q.order };
    return this.withUsers(await repo.adminPage(this.ctx.db, f, sort, ADMIN_EXPORT_MAX_ROWS, 0));
  }

  /** The desk's tabs: requests per state, and the money waiting in the open ones. */
  async summary() {
    const counts = { pending: 0, approved: 0, paid: 0, rejected: 0 };
    const fen = { pending: 0, approved: 0, paid: 0, rejected: 0 };
    for (const r of await repo.byStatus(this.ctx.db)) {
      counts[r.status] = r.count;
      fen[r.status] = r.fen;
    }
    return { ...counts, pendingFen: fen.pending, approvedFen: fen.approved };
  }

  private async filter(q: AdminQuery): Promise<WithdrawalFilter> {
    const { from, to } = dayWindow(q);
    const text = q.q;
    // q: a request's id, a user id or phone, or part of the payee's account or real name.
    const search = text
      ? {
          text,
          ids: /^\d{1,15}$/.test(text) ? [Number(text)] : [],
          userIds: await this.deps.account.idsMatching(text),
        }
      : undefined;
    return { status: q.status, channel: q.channel, from, to, search };
  }

  private async withUsers(rows: WithdrawalRow[]): Promise<AdminWithdrawalRow[]> {
    const ids = rows.flatMap((r) => (r.reviewedBy ? [r.userId, r.reviewedBy] : [r.userId]));
    const users = await this.deps.account.briefs(ids);
    const brief = (id: number) => users.get(id) ?? { id, nickname: '已注销用户', phone: null };
    return rows.map((r) => ({
      ...r,
      user: brief(r.userId),
      reviewer: r.reviewedBy ? brief(r.reviewedBy) : null,
    }));
  }

  approve(actorId: number, id: number) {
    return this.act(
      actorId,
      id,
      'approve',
      {},
      async () => {},
      (w) => ({
        title: '提现申请已通过',
        body: `你申请提现的¥${yuan(w.amountFen)}已审核通过，将打款至你的${CHANNEL[w.channel]}账号，请留意到账。`,
      }),
    );
  }

  reject(actorId: number, id: number, reason: string) {
    return this.act(
      actorId,
      id,
      'reject',
      { reason },
      (tx, w) =>
        this.deps.wallet.earnings.release(tx, {
          userId: w.userId,
          amount: w.amountFen,
          idempotencyKey: `withdrawal-returned:${w.id}`,
          refType: 'withdrawal',
          refId: String(w.id),
        }),
      (w) => ({
        title: '提现申请已驳回',
        body: `你申请提现的¥${yuan(w.amountFen)}未通过审核（原因：${reason}），金额已退回你的收益余额。`,
      }),
    );
  }

  paid(actorId: number, id: number, reference: string) {
    return this.act(
      actorId,
      id,
      'paid',
      { reference },
      (tx, w) => this.deps.wallet.earnings.payOut(tx, w.userId, w.amountFen),
      (w) => ({
        title: '提现已打款',
        body:
          `你申请提现的¥${yuan(w.amountFen)}已打款至你的${CHANNEL[w.channel]}账号，` +
          `实际到账¥${yuan(w.amountFen - w.feeFen)}（流水号：${reference}）。`,
      }),
    );
  }

  /**
   * One operator action: the row locked, its state checked and changed, the money moved, the user told and
   * the action audited, all in one transaction. A second action on the same request (a double click, two
   * operators) finds the state changed and is refused with 10009; nothing moves twice.
   */
  private async act(
    actorId: number,
    id: number,
    action: Action,
    patch: { reason?: string; reference?: string },
    move: (tx: Executor, w: WithdrawalRow) => Promise<unknown>,
    notice: (w: WithdrawalRow) => Pick<NoticeInput, 'title' | 'body'>,
  ) {
    const { from, to, verb } = ACTION[action];
    const row = await this.ctx.db.transaction(async (tx) => {
      const before = await repo.lockById(tx, id);
      if (!before) throw AppError.notFound('提现申请不存在');
      if (!from.includes(before.status))
        throw new AppError(ErrorCode.CONFLICT, `该提现申请${STATUS[before.status]}，不能${verb}`);
      const after = await repo.transition(tx, id, from, {
        ...patch,
        status: to,
        reviewedBy: actorId,
        updatedAt: this.ctx.clock.now(),
      });
      if (!after) throw new AppError(ErrorCode.CONFLICT, '该提现申请的状态已变化，请刷新后重试');
      await move(tx, after);
      await this.deps.notices.notify(tx, after.userId, {
        category: 'system',
        type: `withdrawal_${to}`,
        link: PAGE,
        ...notice(after),
      });
      await this.deps.audit.record(tx, {
        actorId,
        action: `withdrawal.${action}`,
        target: `withdrawal:${id}`,
        detail: { user_id: after.userId, amount_fen: after.amountFen, fee_fen: after.feeFen, ...patch },
        before: { status: before.status },
        after: { status: after.status, ...patch },
      });
      return after;
    });
    return (await this.withUsers([row]))[0]!;
  }
}
