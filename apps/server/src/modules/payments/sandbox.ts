import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PayAction, PayChannel } from '@lingxi/contract';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { PaymentProvider, ProviderOrder, ProviderPayment, ProviderRefund } from './provider.js';

/** A notification older or newer than this is refused (as WeChat Pay's are). */
export const NOTIFY_WINDOW_S = 300;
export const SANDBOX_HEADERS = { timestamp: 'x-sandbox-timestamp', signature: 'x-sandbox-signature' };

const notification = z.object({
  order_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64),
  amount_fen: z.number().int().positive(),
  paid_at: z.iso.datetime(),
});
type Notification = z.infer<typeof notification>;

export class NotificationRefused extends Error {}

/** What the sandbox remembers is bounded: the oldest goes first (long fulfilled or closed by then). */
const REMEMBERED = 50_000;
function forgetOldest(m: Map<string, unknown> | Set<string>) {
  while (m.size > REMEMBERED) m.delete(m.keys().next().value!);
}

/**
 * The sandbox provider (docs/money.md, Orders and payments): a confirm page instead of a cashier, and a
 * notification signed HMAC-SHA256 with a key derived from the server secret, verified like a real one. It
 * moves no money. What was confirmed is kept in this process's memory, which `query` answers from.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly channels: readonly PayChannel[] = ['sandbox'];
  private readonly key: Buffer;
  private readonly paid = new Map<string, Notification>();
  private readonly closed = new Set<string>();

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', secret).update('lingxi:sandbox-pay-notify').digest();
  }

  async create(order: ProviderOrder): Promise<PayAction> {
    return { channel: 'sandbox', confirm_url: `/pay/sandbox?order_no=${order.orderNo}` };
  }

  async query(orderNo: string): Promise<ProviderPayment> {
    const n = this.paid.get(orderNo);
    if (n) return { ...this.paymentOf(n), raw: { source: 'query', body: n } };
    return { orderNo, state: this.closed.has(orderNo) ? 'closed' : 'pending' };
  }

  async close(orderNo: string) {
    if (!this.paid.has(orderNo)) this.closed.add(orderNo);
    forgetOldest(this.closed);
  }

  async refund(r: { orderNo: string; refundNo: string }): Promise<ProviderRefund> {
    const answer = {
      refund_no: r.refundNo,
      order_no: r.orderNo,
      status: 'SUCCESS',
      refund_id: `SBR${r.refundNo}`,
    };
    return {
      refundNo: r.refundNo,
      orderNo: r.orderNo,
      state: 'succeeded',
      refundId: answer.refund_id,
      raw: { source: 'answer', body: answer },
    };
  }

  /** The payer confirmed: the payment is made (once) and its notification comes back, signed. */
  confirm(orderNo: string, amountFen: number) {
    let n = this.paid.get(orderNo);
    if (!n) {
      n = {
        order_no: orderNo,
        transaction_id: `SB${randomBytes(12).toString('hex')}`,
        amount_fen: amountFen,
        paid_at: this.clock.now().toISOString(),
      };
      this.paid.set(orderNo, n);
      this.closed.delete(orderNo);
      forgetOldest(this.paid);
    }
    return this.signed(JSON.stringify(n));
  }

  /** A notification as the sandbox sends it: the raw body and its headers. */
  signed(body: string, timestamp = Math.floor(this.clock.now().getTime() / 1000)) {
    return {
      body,
      headers: {
        [SANDBOX_HEADERS.timestamp]: String(timestamp),
        [SANDBOX_HEADERS.signature]: this.sign(body, timestamp),
      },
    };
  }

  private sign(body: string, timestamp: number) {
    return createHmac('sha256', this.key).update(`${timestamp}\n${body}\n`).digest('hex');
  }

  /** Verifies the signature and the time before anything of the body is read; then reads it. */
  verify(raw: Buffer, headers: Record<string, string | string[] | undefined>): ProviderPayment {
    const ts = headers[SANDBOX_HEADERS.timestamp];
    const sig = headers[SANDBOX_HEADERS.signature];
    if (
      typeof ts !== 'string' ||
      typeof sig !== 'string' ||
      !/^\d{1,12}$/.test(ts) ||
      !/^[0-9a-f]{64}$/.test(sig)
    )
      throw new NotificationRefused('unsigned');
    const now = Math.floor(this.clock.now().getTime() / 1000);
    if (Math.abs(now - Number(ts)) > NOTIFY_WINDOW_S)
      throw new NotificationRefused('timestamp out of window');
    const expected = createHmac('sha256', this.key)
      .update(Buffer.concat([Buffer.from(`${ts}\n`), raw, Buffer.from('\n')]))
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) throw new NotificationRefused('bad signature');
    let parsed;
    try {
      parsed = notification.safeParse(JSON.parse(raw.toString('utf8')));
    } catch {
      throw new NotificationRefused('not JSON');
    }
    if (!parsed.success) throw new NotificationRefused('not a notification');
    return { ...this.paymentOf(parsed.data), raw: { source: 'notification', body: parsed.data } };
  }

  private paymentOf(n: Notification): ProviderPayment {
    return {
      orderNo: n.order_no,
      state: 'paid',
      transactionId: n.transaction_id,
      amountFen: n.amount_fen,
      paidAt: new Date(n.paid_at),
    };
  }
}
