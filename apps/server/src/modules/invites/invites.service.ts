import { chinaDay, chinaDayRange, DAY_MS, yuan } from '../../platform/clock.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import type { AccountService, PublicProfile, Registration } from '../account/account.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { invitesRepository as repo, type InviteRewardRow } from './invites.repository.js';

/** An order as the payments module reports it when it is fulfilled (inside that transaction). */
export type CommissionOrder = { orderNo: string; userId: number; amountFen: number; fulfilledAt: Date };

export type InviteReward = InviteRewardRow & { invitee: PublicProfile };

export type InvitesDeps = {
  account: AccountService;
  wallet: WalletService;
  settings: SettingsService;
  notices: NoticesService;
};

/**
 * Invite rewards (docs/money.md, Invites): chips to both at the invitee's signup, a commission of the
 * invitee's fulfilled orders to the inviter's earnings, and its reversal by a refund. Everything runs inside
 * the transaction of what caused it (the signup, the fulfilment, the refund) and happens once.
 */
export class InvitesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: InvitesDeps,
  ) {}

  /**
   * The signup reward, in the registering transaction (account.onRegistered). Skipped, the binding kept,
   * when the phone had an account before, the inviter cannot be rewarded, or has reached today's cap.
   */
  async onSignup(tx: Executor, invitee: { id: number; nickname: string }, r: Registration) {
    const { account, wallet, settings, notices } = this.deps;
    if (!r.inviterId || r.hadAccountBefore || r.inviterId === invitee.id) return;
    const inviter = await account.inviteRelation(r.inviterId, tx);
    if (!inviter || inviter.status !== 'active') return;
    const s = await settings.money(tx);
    const toInviter = s.invite_inviter_chips;
    const toInvitee = s.invite_invitee_chips;
    if (toInviter <= 0 && toInvitee <= 0) return;
    await repo.lockInviter(tx, inviter.id);
    const now = this.ctx.clock.now();
    if (
      (await repo.signupRewardsSince(tx, inviter.id, chinaDayRange(chinaDay(now)).from)) >= s.invite_daily_cap
    )
      return;
    const row = await repo.insert(tx, {
      inviterId: inviter.id,
      inviteeId: invitee.id,
      kind: 'signup',
      chips: toInviter,
      createdAt: now,
    });
    if (!row) return;
    const ref = { refType: 'user', refId: String(invitee.id) };
    const key = `invite:signup:${invitee.id}`;
    if (toInviter > 0) {
      const change = {
        userId: inviter.id,
        delta: toInviter,
        idempotencyKey: `${key}:inviter`,
        note: '邀请好友注册',
      };
      await wallet.apply({ ...change, ...ref, reason: 'invite_reward' }, tx);
      await notices.notify(tx, inviter.id, {
        category: 'system',
        type: 'invite_reward',
        title: '邀请奖励到账',
        body: `好友「${invitee.nickname}」通过你的邀请注册了，你获得${toInviter}芯片奖励。`,
        link: '/invite',
      });
    }
    if (toInvitee > 0) {
      const change = {
        userId: invitee.id,
        delta: toInvitee,
        idempotencyKey: `${key}:invitee`,
        note: '受邀注册',
      };
      await wallet.apply({ ...change, ...ref, reason: 'invite_reward' }, tx);
    }
  }

  /**
   * The inviter's commission of an invitee's fulfilled order, in the fulfilling transaction: a share of the
   * amount (rounded down to the fen) when the order was fulfilled within the commission days of the
   * invitee's signup. Once per order.
   */
  async commissionFor(tx: Executor, o: CommissionOrder): Promise<void> {
    const { account, wallet, settings, notices } = this.deps;
    const invitee = await account.inviteRelation(o.userId, tx);
    if (!invitee?.invitedBy || invitee.invitedBy === invitee.id || invitee.hadAccountBefore) return;
    const inviter = await account.inviteRelation(invitee.invitedBy, tx);
    if (!inviter || inviter.status !== 'active') return;
    const s = await settings.money(tx);
    if (o.fulfilledAt.getTime() - invitee.createdAt.getTime() > s.invite_commission_days * DAY_MS) return;
    const amount = Math.floor((o.amountFen * s.invite_commission_percent) / 100);
    if (amount <= 0) return;
    const row = await repo.insert(tx, {
      inviterId: inviter.id,
      inviteeId: invitee.id,
      kind: 'commission',
      amountFen: amount,
      orderNo: o.orderNo,
      createdAt: this.ctx.clock.now(),
    });
    if (!row) return;
    await wallet.earnings.apply(
      {
        userId: inviter.id,
        delta: amount,
        reason: 'commission',
        idempotencyKey: `commission:${o.orderNo}`,
        refType: 'order',
        refId: o.orderNo,
        note: '好友消费佣金',
      },
      { tx },
    );
    await notices.notify(tx, inviter.id, {
      category: 'system',
      type: 'invite_commission',
      title: '邀请佣金到账',
      body: `你邀请的好友完成了一笔订单，你获得佣金¥${yuan(amount)}，已计入我的收益。`,
      link: '/user/withdrawal',
    });
  }

  /**
   * A refund takes its order's commission back from the inviter's earnings, as far as they are available;
   * the rest is recorded as a debt settled from later earnings. Once per order.
   */
  async reverseCommission(tx: Executor, o: { orderNo: string; userId: number }): Promise<void> {
    const { wallet, notices } = this.deps;
    const paid = await repo.byOrder(tx, 'commission', o.orderNo);
    if (!paid || paid.inviteeId !== o.userId) return;
    const row = await repo.insert(tx, {
      inviterId: paid.inviterId,
      inviteeId: paid.inviteeId,
      kind: 'commission_reversal',
      amountFen: -paid.amountFen,
      orderNo: o.orderNo,
      createdAt: this.ctx.clock.now(),
    });
    if (!row) return;
    const r = await wallet.earnings.apply(
      {
        userId: paid.inviterId,
        delta: -paid.amountFen,
        reason: 'commission_reversal',
        idempotencyKey: `commission-reversal:${o.orderNo}`,
        refType: 'order',
        refId: o.orderNo,
        note: '好友订单退款',
      },
      { tx, allowDebt: true },
    );
    const owed = paid.amountFen + r.moved;
    await notices.notify(tx, paid.inviterId, {
      category: 'system',
      type: 'invite_commission_reversal',
      title: '邀请佣金已扣回',
      body:
        `你邀请的好友的一笔订单已退款，对应佣金¥${yuan(paid.amountFen)}已扣回。` +
        (owed > 0 ? `其中¥${yuan(owed)}因可提现收益不足，将从之后的收益中抵扣。` : ''),
      link: '/user/withdrawal',
    });
  }

  /**
   * The commission an order earned (for the operators' order detail): who got it, how much, and what a refund
   * took back of it; undefined when it earned none.
   */
  async commissionOfOrder(orderNo: string) {
    const paid = await repo.byOrder(this.ctx.db, 'commission', orderNo);
    if (!paid) return undefined;
    const reversed = await repo.byOrder(this.ctx.db, 'commission_reversal', orderNo);
    return {
      inviterId: paid.inviterId,
      amountFen: paid.amountFen,
      reversedFen: reversed ? -reversed.amountFen : 0,
      at: paid.createdAt,
    };
  }

  /** An inviter's reward records, newest first, with each invitee's name and avatar. */
  async rewards(userId: number, cursor: string | undefined, limit: number) {
    const rows = await repo.list(this.ctx.db, userId, decodeIdCursor(cursor), limit);
    const profiles = await this.deps.account.publicProfiles(rows.map((r) => r.inviteeId));
    const withInvitees: InviteReward[] = rows.map((r) => ({
      ...r,
      invitee: profiles.get(r.inviteeId) ?? { nickname: '', avatar: '' },
    }));
    return idPage(withInvitees, limit);
  }

  /** An inviter's counts and totals, and the rules as they are now. */
  async counts(userId: number) {
    const [invited, totals, s] = await Promise.all([
      this.deps.account.inviteeCount(userId),
      repo.totals(this.ctx.db, userId),
      this.deps.settings.money(),
    ]);
    return { invited, ...totals, settings: s };
  }
}
