import { randomUUID } from 'node:crypto';
import type { CreatedOrder, Order } from '@lingxi/contract';
import type { SandboxProvider } from '../src/modules/payments/sandbox.js';
import type { TestApp } from './helpers.js';

/** The sandbox provider of a test app (enabled by default: no WeChat Pay configured). */
export const sandboxOf = (t: TestApp) => t.modules.payments.provider('sandbox') as SandboxProvider;

/** POST /order with a fresh Idempotency-Key (or the given one). */
export function placeOrder(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  key: string = randomUUID(),
) {
  return t.call<CreatedOrder>('POST', '/api/v1/order', {
    token,
    headers: { 'idempotency-key': key },
    body: { channel: 'sandbox', agree_terms: true, ...body },
  });
}

/** Orders and pays through the sandbox's confirm page; answers the order as the client then reads it. */
export async function buy(t: TestApp, token: string, kind: 'chips' | 'vip', itemId: string) {
  const created = await placeOrder(t, token, { kind, item_id: itemId });
  if (created.body.code !== 0) throw new Error(`order refused: ${created.body.msg}`);
  const no = created.body.data.order_no;
  const confirmed = await t.call('POST', `/api/v1/pay/sandbox/${no}/confirm`, { token });
  if (confirmed.body.code !== 0) throw new Error(`confirm refused: ${confirmed.body.msg}`);
  return (await t.call<Order>('GET', `/api/v1/order/${no}`, { token })).body.data;
}

/** POSTs a sandbox notification: the raw body and its headers, as given. */
export async function postNotification(t: TestApp, n: { body: string; headers: Record<string, string> }) {
  const res = await fetch(`${t.base}/api/v1/pay/sandbox/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...n.headers },
    body: n.body,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

/** A valid notification of a payment of an order, signed now (or at `timestamp`). */
export function paidNotification(t: TestApp, orderNo: string, amountFen: number, timestamp?: number) {
  const body = JSON.stringify({
    order_no: orderNo,
    transaction_id: `T${randomUUID().replace(/-/g, '')}`,
    amount_fen: amountFen,
    paid_at: t.clock.now().toISOString(),
  });
  return sandboxOf(t).signed(body, timestamp);
}
