import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { chinaDay } from '../../platform/clock.js';
import { type OrderHooks, type PaymentsDeps } from './hooks.js';
import { ordersRepository as repo, type OrderRow } from './orders.repository.js';
import { payloadOf, type ProviderPayment } from './provider.js';

const LINK = '/member-center';

/**
 * Fulfilment (docs/money.md, Orders and payments): a verified payment moves its order to `fulfilled` and gives
 * what it bought in one transaction, on the locked order row, so it happens once whatever number of
 * notifications and queries arrive at once.
 */
export class Fulfilment {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PaymentsDeps,
    private readonly hooks: OrderHooks,
  ) {}

  /**
   * `via`: the provider that reported it, when known; a payment reported by another provider than the
   * order's is refused. An order closed here is still fulfilled: the payer paid at the last second.
   */
  async fulfil(payment: ProviderPayment, via?: string): Promise<{ fulfilled: boolean }> {
    const order = await repo.byNo(this.ctx.db, payment.orderNo);
    if (!order) throw AppError.notFound('订单不存在');
    if (via && via !== order.provider) throw AppError.badRequest('支付渠道与订单不符');
    if (payment.state !== 'paid') return { fulfilled: false };
    if (payment.amountFen !== order.amountFen) throw AppError.badRequest('支付金额与订单金额不符');
    return this.ctx.db.transaction(async (tx) => {
      const o = await repo.lockByNo(tx, payment.orderNo);
      if (!o || o.status === 'fulfilled' || o.status === 'refunded') return { fulfilled: false };
      await this.give(tx, o, payment);
      return { fulfilled: true };
    });
  }

  private async give(tx: Executor, o: OrderRow, payment: ProviderPayment) {
    const { wallet, notices } = this.deps;
    const now = this.ctx.clock.now();
    const ref = `order:${o.orderNo}`;
    let chips = o.chips;
    let body: string;
    if (o.kind === 'chips') {
      if (chips > 0)
        await wallet.apply(
          {
            userId: o.userId,
            delta: chips,
            reason: 'top_up',
            idempotencyKey: ref,
            refType: 'order',
            refId: o.orderNo,
          },
          tx,
        );
      body = `你购买的「${o.title}」已支付成功，${chips}芯片已到账。`;
    } else {
      // In the transaction: on the embedded database a read outside an open transaction waits for it.
      const tier = await this.deps.entitlements.vipTier(o.vipTier, tx);
      const { expiresAt, granted } = await wallet.membership.extend(tx, {
        userId: o.userId,
        tier: o.vipTier ?? '',
        days: o.vipDays,
        monthlyChips: tier?.monthly_chips ?? 0,
        tierName: tier?.name ?? '会员',
        ref,
      });
      // What a refund takes back: the chips of the grant this purchase made, as far as unspent.
      chips = granted;
      body = `你购买的「${o.title}」已支付成功，会员有效期至${chinaDay(expiresAt)}。`;
      // One notice of the purchase (支付成功, below, with the new expiry) and one of the grant: docs/money.md, VIP.
      if (granted > 0)
        await notices.notify(tx, o.userId, {
          category: 'system',
          type: 'vip_grant',
          title: '每月会员芯片已到账',
          body: `本月会员赠送的${granted}芯片已到账，赠送的芯片不会过期。`,
          link: LINK,
        });
    }
    const row = await repo.markFulfilled(tx, o.id, {
      transactionId: payment.transactionId ?? null,
      paidAt: payment.paidAt ?? now,
      fulfilledAt: now,
      chips,
      paymentPayload: payloadOf(payment.raw, now),
    });
    if (!row) throw new Error(`order ${o.orderNo} changed under its lock`);
    await this.hooks.runFulfilled(tx, {
      orderNo: o.orderNo,
      userId: o.userId,
      amountFen: o.amountFen,
      kind: o.kind,
      fulfilledAt: now,
    });
    await notices.notify(tx, o.userId, {
      category: 'system',
      type: 'order_fulfilled',
      title: '支付成功',
      body,
      link: LINK,
    });
  }
}
