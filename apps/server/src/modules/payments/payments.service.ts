import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, type OrderStatus, type PayAction, type PayChannel } from '@lingxi/contract';
import type { z } from 'zod';
import type { createOrderBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import { Fulfilment } from './fulfilment.js';
import {
  type FulfilledOrder,
  type OrderListener,
  OrderHooks,
  type PaymentsDeps,
  type RefundedOrder,
} from './hooks.js';
import { ordersRepository as repo, type OrderRow } from './orders.repository.js';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './provider.js';
import { Refunds, serialNo } from './refunds.js';
import { SandboxProvider } from './sandbox.js';

export type { FulfilledOrder, RefundedOrder, PaymentsDeps } from './hooks.js';
export type { OrderRow } from './orders.repository.js';

type CreateOrder = z.infer<typeof createOrderBody>;
/** An order with what the client needs to pay it. */
export type CreatedOrderRow = OrderRow & { pay: PayAction };

/** A pending order asks its provider at most this often when the client polls it. */
const QUERY_EVERY_MS = 5_000;
const SWEEP_BATCH = 100;

/**
 * Orders and payments (docs/money.md, Orders and payments): creating orders, asking and hearing from the
 * providers, fulfilment, the sweep of unpaid orders, refunds. Other modules hook into fulfilment and refunds
 * through `onFulfilled` / `onRefunded`.
 */
export class PaymentsService {
  private readonly hooks = new OrderHooks();
  private readonly fulfilment: Fulfilment;
  private readonly refunds: Refunds;
  private readonly providers: Map<string, PaymentProvider>;
  /** When each pending order last asked its provider, in this process. */
  private readonly asked = new Map<string, number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PaymentsDeps,
  ) {
    this.providers = new Map(deps.providers.map((p) => [p.name, p]));
    this.fulfilment = new Fulfilment(ctx, deps, this.hooks);
    this.refunds = new Refunds(ctx, deps, this.hooks, (name) => this.provider(name));
  }

  onFulfilled(fn: OrderListener<FulfilledOrder>) {
    this.hooks.fulfilled.push(fn);
  }

  onRefunded(fn: OrderListener<RefundedOrder>) {
    this.hooks.refunded.push(fn);
  }

  /** An enabled provider by name. */
  provider(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  /** The channels the enabled providers take. */
  channels(): PayChannel[] {
    return [...new Set(this.deps.providers.flatMap((p) => p.channels))];
  }

  byOrderNo(orderNo: string) {
    return repo.byNo(this.ctx.db, orderNo);
  }

  /** A verified payment from a provider (its notification or a query): fulfils the order once. */
  fulfil(payment: ProviderPayment, via?: string): Promise<{ fulfilled: boolean }> {
    return this.fulfilment.fulfil(payment, via);
  }

  /** The provider's word on a refund: a success takes back what the order gave, once. */
  completeRefund(r: ProviderRefund): Promise<void> {
    return this.refunds.complete(r);
  }

  /** An operator refunds a fulfilled order in full; answers the order as it is then, with whose it is. */
  async refund(actorId: number, orderNo: string, reason: string) {
    await this.refunds.start(actorId, orderNo, reason);
    const order = (await repo.byNo(this.ctx.db, orderNo))!;
    const users = await this.deps.account.briefs([order.userId]);
    return {
      ...order,
      user: users.get(order.userId) ?? { id: order.userId, nickname: '已注销用户', phone: null },
    };
  }

  /** The tiers and packages on sale now (the settings) and the channels that can pay. */
  async plans() {
    // The OA app whose openid JSAPI pays with: the page starts WeChat's authorisation with it.
    const oaAppId = this.ctx.config.wechat.oa?.appId ?? null;
    return { money: await this.deps.settings.money(), channels: this.channels(), oaAppId };
  }

  /**
   * Creates an order, or gives back the one this key of this user made (a retry); the same key with another
   * purchase is refused. Price and title are the settings' at this moment.
   */
  async create(user: AuthUser, key: string, input: CreateOrder, clientIp: string): Promise<CreatedOrderRow> {
    const { db } = this.ctx;
    const existing = await repo.byKey(db, user.id, key);
    if (existing) return this.again(existing, input, clientIp);
    const item = await this.item(input);
    const provider = this.deps.providers.find((p) => p.channels.includes(input.channel));
    if (!provider) throw AppError.badRequest('暂不支持该支付方式，请选择其他支付方式');
    let openid: string | undefined;
    if (input.channel === 'wechat_jsapi') {
      // The user's openid in the OA, the app the payment is made for (config: the same app id).
      openid = (await this.deps.oaOpenIdOf(user.id)) ?? undefined;
      if (!openid) throw AppError.badRequest('请先在微信中授权登录后再支付');
    }
    const now = this.ctx.clock.now();
    const money = await this.deps.settings.money();
    const row = await repo.insert(db, {
      orderNo: serialNo('LX', now),
      userId: user.id,
      kind: input.kind,
      itemId: input.item_id,
      ...item,
      channel: input.channel,
      provider: provider.name,
      idempotencyKey: key,
      openid,
      createdAt: now,
      expiresAt: new Date(now.getTime() + money.order_close_minutes * 60_000),
    });
    // A concurrent request with the same key inserted first: it is that order.
    if (!row) return this.again((await repo.byKey(db, user.id, key))!, input, clientIp);
    let pay: PayAction;
    try {
      pay = await provider.create(this.providerOrder(row, clientIp));
    } catch (err) {
      // The provider has no such payment: the order never existed, and the client may try again.
      await repo.deleteUnpaid(db, row.id);
      throw err;
    }
    return { ...row, pay: await this.keepPay(row, pay) };
  }

  /** The payment kept for the order (the first made); refused when the order was deleted meanwhile. */
  private async keepPay(o: OrderRow, pay: PayAction): Promise<PayAction> {
    const kept = await repo.setPay(this.ctx.db, o.id, pay);
    if (!kept) throw new AppError(ErrorCode.CONFLICT, '订单创建未成功，请重试');
    return kept as PayAction;
  }

  private async item(input: CreateOrder) {
    const money = await this.deps.settings.money();
    if (input.kind === 'chips') {
      const p = money.chip_packages.find((x) => x.id === input.item_id);
      if (p) return { title: `${p.chips}芯片`, amountFen: p.price_fen, chips: p.chips, vipDays: 0 };
    } else {
      const t = money.vip_tiers.find((x) => x.id === input.item_id);
      if (t) return { title: t.name, amountFen: t.price_fen, chips: 0, vipDays: t.days, vipTier: t.id };
    }
    throw AppError.notFound('商品不存在或已下架');
  }

  /** The order a key made before, if it is the same purchase; with its payment, made now if still missing. */
  private async again(o: OrderRow, input: CreateOrder, clientIp: string): Promise<CreatedOrderRow> {
    if (o.kind !== input.kind || o.itemId !== input.item_id || o.channel !== input.channel)
      throw new AppError(ErrorCode.CONFLICT, '该请求标识已用于另一笔订单，请刷新后重试');
    // The first request may still be creating the payment: wait a moment for it.
    for (let i = 0; !o.pay && i < 30; i++) {
      await sleep(100);
      const now = await repo.byNo(this.ctx.db, o.orderNo);
      if (!now) throw new AppError(ErrorCode.CONFLICT, '订单创建未成功，请重试');
      o = now;
    }
    if (o.pay) return { ...o, pay: o.pay as PayAction };
    const provider = this.provider(o.provider);
    if (!provider) throw AppError.badRequest('暂不支持该支付方式，请选择其他支付方式');
    const pay = await provider.create(this.providerOrder(o, clientIp));
    return { ...o, pay: await this.keepPay(o, pay) };
  }

  private providerOrder(o: OrderRow, clientIp: string) {
    return {
      orderNo: o.orderNo,
      amountFen: o.amountFen,
      description: o.title,
      channel: o.channel as PayChannel,
      expiresAt: o.expiresAt,
      openid: o.openid ?? undefined,
      clientIp,
    };
  }

  /** The user's own order; while it is pending, its provider is asked (now and then) whether it was paid. */
  async get(user: AuthUser, orderNo: string): Promise<OrderRow> {
    const o = await this.own(user, orderNo);
    if (o.status !== 'pending') return o;
    const now = this.ctx.clock.now().getTime();
    if (now - (this.asked.get(orderNo) ?? -Infinity) < QUERY_EVERY_MS) return o;
    this.remember(orderNo, now);
    await this.settle(o);
    return (await repo.byNo(this.ctx.db, orderNo))!;
  }

  private remember(orderNo: string, at: number) {
    if (this.asked.size > 10_000)
      for (const [no, t] of this.asked) if (at - t >= QUERY_EVERY_MS) this.asked.delete(no);
    this.asked.set(orderNo, at);
  }

  /** Asks the provider about a pending order and acts on the answer; a failure is logged, never thrown. */
  private async settle(o: OrderRow): Promise<OrderStatus | null> {
    const provider = this.provider(o.provider);
    if (!provider) return null;
    try {
      const p = await provider.query(o.orderNo);
      if (p.state === 'paid') {
        await this.fulfil(p, o.provider);
        return 'fulfilled';
      }
      if (p.state === 'closed') await repo.close(this.ctx.db, o.id, this.ctx.clock.now());
      return p.state;
    } catch (err) {
      this.ctx.log.warn({ err, orderNo: o.orderNo }, 'asking the payment provider failed');
      return null;
    }
  }

  private async own(user: AuthUser, orderNo: string) {
    const o = await repo.byNo(this.ctx.db, orderNo);
    if (!o || o.userId !== user.id) throw AppError.notFound('订单不存在');
    return o;
  }

  /** My orders, newest first. */
  async list(user: AuthUser, cursor: string | undefined, limit: number) {
    return idPage(await repo.listOfUser(this.ctx.db, user.id, decodeIdCursor(cursor), limit), limit);
  }

  /** Operators: how many orders a user placed, and the latest `limit` (docs/admin.md, Users). */
  async ofUser(userId: number, limit: number) {
    const [total, rows] = await Promise.all([
      repo.countOfUser(this.ctx.db, userId),
      repo.listOfUser(this.ctx.db, userId, undefined, limit),
    ]);
    return { total, rows };
  }

  /** Orders fulfilled per China day in [from, to): amount in fen and count (the console's dashboard). */
  dailyRevenue(from: Date, to: Date) {
    return repo.dailyRevenue(this.ctx.db, from, to);
  }

  /**
   * The sweep: pending orders past their time are closed, at the provider and here. A provider that says
   * the order was paid after all wins: it is fulfilled instead. Batch after batch until none is left, so a
   * backlog clears in one run; a batch with an order that could not be settled (the provider did not answer)
   * ends the run, and the next run tries again. Safe to run in several processes at once.
   */
  async closeExpired(): Promise<number> {
    const now = this.ctx.clock.now();
    let closed = 0;
    for (;;) {
      const batch = await repo.expired(this.ctx.db, now, SWEEP_BATCH);
      let settled = 0;
      for (const o of batch) {
        const outcome = await this.closeOne(o, now);
        if (outcome === 'closed') closed++;
        if (outcome !== 'pending') settled++;
      }
      if (batch.length < SWEEP_BATCH || settled < batch.length) return closed;
    }
  }

  /** One expired order: 'closed' by this run, 'pending' still (a failure), else settled another way. */
  private async closeOne(o: OrderRow, now: Date): Promise<'closed' | 'pending' | 'settled'> {
    const provider = this.provider(o.provider);
    try {
      if (provider) {
        const state = await this.settle(o);
        if (state === 'closed') return 'closed';
        if (state === null) return 'pending';
        if (state !== 'pending') return 'settled';
        try {
          await provider.close(o.orderNo);
        } catch (err) {
          // Paid between the query and the close (WeChat Pay's ORDERPAID): asked again, it is fulfilled.
          if ((await this.settle(o)) === 'fulfilled') return 'settled';
          throw err;
        }
      }
      // Closed here, or by another run that got there first.
      return (await repo.close(this.ctx.db, o.id, now)) ? 'closed' : 'settled';
    } catch (err) {
      this.ctx.log.warn({ err, orderNo: o.orderNo }, 'closing an expired order failed');
      return 'pending';
    }
  }

  // The sandbox's confirm page and its notification (docs/money.md, Orders and payments).

  private sandbox(): SandboxProvider {
    const p = this.provider('sandbox');
    if (!(p instanceof SandboxProvider)) throw AppError.notFound('沙箱支付未启用');
    return p;
  }

  /** The order the confirm page shows. */
  async sandboxOrder(user: AuthUser, orderNo: string) {
    this.sandbox();
    const o = await this.own(user, orderNo);
    if (o.provider !== 'sandbox') throw AppError.notFound('订单不存在');
    return o;
  }

  /** The payer confirms: the sandbox pays and notifies, as a real provider would. */
  async sandboxConfirm(user: AuthUser, orderNo: string) {
    const sandbox = this.sandbox();
    const o = await this.sandboxOrder(user, orderNo);
    if (o.status === 'closed') throw AppError.badRequest('订单已关闭，请重新下单');
    if (o.status !== 'pending') return o;
    const n = sandbox.confirm(o.orderNo, o.amountFen);
    try {
      await this.sandboxNotify(Buffer.from(n.body), n.headers);
    } catch (err) {
      // Paid, not yet fulfilled: the client's polling asks the sandbox again, which answers "paid".
      this.ctx.log.error({ err, orderNo }, 'sandbox notification failed');
    }
    return (await repo.byNo(this.ctx.db, orderNo))!;
  }

  /** `POST /pay/sandbox/notify`: verified before it is read, then fulfilled. */
  sandboxNotify(raw: Buffer, headers: Record<string, string | string[] | undefined>) {
    return this.fulfil(this.sandbox().verify(raw, headers), 'sandbox');
  }
}
