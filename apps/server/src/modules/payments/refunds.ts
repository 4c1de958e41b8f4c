import { randomInt } from 'node:crypto';
import { ErrorCode } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { yuan } from '../../platform/clock.js';
import { type OrderHooks, type PaymentsDeps } from './hooks.js';
import { ordersRepository as repo } from './orders.repository.js';
import { payloadOf, type PaymentProvider, type ProviderRefund } from './provider.js';

/** `LX…`/`RF…` + China time yyyymmddHHmmss + 10 random digits: 26 characters, not guessable. */
export function serialNo(prefix: string, at: Date) {
  const stamp = new Date(at.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const random = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return `${prefix}${stamp}${random}`;
}

/**
 * Refunds by an operator (docs/money.md, Orders and payments): one at a time per order, audited; the provider
 * says when it succeeded, and then what the order gave is taken back as far as it is unspent.
 */
export class Refunds {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PaymentsDeps,
    private readonly hooks: OrderHooks,
    private readonly providerOf: (name: string) => PaymentProvider | undefined,
  ) {}

  async start(actorId: number, orderNo: string, reason: string) {
    const { db } = this.ctx;
    const o = await repo.byNo(db, orderNo);
    if (!o) throw AppError.notFound('订单不存在');
    if (o.status === 'refunded') throw new AppError(ErrorCode.CONFLICT, '该订单已退款');
    if (o.status !== 'fulfilled') throw AppError.badRequest('只有已完成的订单可以退款');
    const provider = this.providerOf(o.provider);
    if (!provider) throw AppError.badRequest('该订单的支付方式未启用，无法退款');
    const started = await db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const row = await repo.startRefund(tx, o.id, serialNo('RF', now), reason, now);
      if (!row) return undefined;
      await this.deps.audit.record(tx, {
        actorId,
        action: 'order.refund',
        target: `order:${orderNo}`,
        detail: { reason, user_id: o.userId, amount_fen: o.amountFen },
        before: { status: o.status, refund_status: o.refundStatus },
        after: { status: row.status, refund_status: row.refundStatus, refund_no: row.refundNo },
      });
      return row;
    });
    if (!started) throw new AppError(ErrorCode.CONFLICT, '该订单正在退款或已退款');
    let result: ProviderRefund;
    try {
      result = await provider.refund({
        orderNo,
        refundNo: started.refundNo!,
        amountFen: o.amountFen,
        totalFen: o.amountFen,
        reason,
      });
    } catch (err) {
      await repo.refundFailed(db, o.id);
      this.ctx.log.error({ err, orderNo }, 'refund request failed');
      throw new AppError(ErrorCode.INTERNAL, '退款申请未成功，请稍后重试');
    }
    await this.complete(result);
  }

  /** The provider's word on a refund (its answer or its callback); a success is applied once. */
  async complete(r: ProviderRefund): Promise<void> {
    const { db } = this.ctx;
    const o = await repo.byNo(db, r.orderNo);
    if (!o) throw AppError.notFound('订单不存在');
    if (o.refundNo !== r.refundNo) throw AppError.badRequest('退款单号与订单不符');
    if (r.state === 'processing') return;
    if (r.state === 'failed')
      return repo.refundFailed(db, o.id, payloadOf(r.raw, this.ctx.clock.now()) ?? undefined);
    const { wallet, notices } = this.deps;
    await db.transaction(async (tx) => {
      const row = await repo.lockByNo(tx, r.orderNo);
      if (!row || row.status !== 'fulfilled') return;
      const now = this.ctx.clock.now();
      const done: string[] = [];
      const kept: string[] = [];
      if (row.chips > 0) {
        const taken = await wallet.takeBack(tx, {
          userId: row.userId,
          delta: -row.chips,
          reason: 'refund',
          idempotencyKey: `refund:${row.orderNo}`,
          refType: 'order',
          refId: row.orderNo,
        });
        if (taken) done.push(`扣回${taken}芯片`);
        if (taken < row.chips) kept.push(`${row.chips - taken}芯片已使用，未扣回`);
      }
      if (row.kind === 'vip') {
        const days = await wallet.membership.shorten(tx, row.userId, row.vipDays);
        if (days) done.push(`会员缩短${days}天`);
        if (days < row.vipDays) kept.push(`会员${row.vipDays - days}天已使用，未扣回`);
      }
      const note = [...done, ...kept].join('；') || '无可扣回内容';
      await repo.markRefunded(tx, row.id, now, note, payloadOf(r.raw, now));
      await this.hooks.runRefunded(tx, {
        orderNo: row.orderNo,
        userId: row.userId,
        amountFen: row.amountFen,
        kind: row.kind,
        fulfilledAt: row.fulfilledAt ?? now,
        refundedAt: now,
      });
      await notices.notify(tx, row.userId, {
        category: 'system',
        type: 'order_refunded',
        title: '订单已退款',
        body: `你的订单「${row.title}」已退款¥${yuan(row.amountFen)}，款项将原路退回。${done.length ? `已${done.join('，')}。` : ''}`,
        link: '/member-center',
      });
    });
  }
}
