import type { Order, UserInfo } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { buy, paidNotification, placeOrder, postNotification, sandboxOf } from '../../../test/payments.js';
import { ManualClock } from '../../platform/clock.js';

/**
 * The sweep closes every expired order of the database, and tests share one PostgreSQL database: this file's
 * clock is earlier than any other test's, so its sweeps close only its own orders.
 */
let t: TestApp;

beforeAll(async () => {
  t = await (
    await startTestApp({
      clock: new ManualClock(new Date('2020-01-01T08:00:00Z')),
      env: { JOBS_WORKER: 'false' },
    })
  ).listen();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});

const me = async (token: string) => (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
const order = async (token: string, no: string) =>
  (await t.call<Order>('GET', `/api/v1/order/${no}`, { token })).body.data;

describe('closing unpaid orders', () => {
  it('closes a pending order after 30 minutes, here and at the provider; a paid one stays', async () => {
    const { token } = await t.login();
    const unpaid = (await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data;
    const paid = await buy(t, token, 'chips', 'c600');
    t.clock.advance(29 * MINUTE);
    await t.modules.payments.closeExpired();
    expect((await t.call<Order>('GET', `/api/v1/order/${unpaid.order_no}`, { token })).body.data.status).toBe(
      'pending',
    );
    t.clock.advance(MINUTE + 1000);
    const runs = await Promise.all([1, 2, 3].map(() => t.modules.payments.closeExpired()));
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const closed = (await t.call<Order>('GET', `/api/v1/order/${unpaid.order_no}`, { token })).body.data;
    expect(closed.status).toBe('closed');
    expect((await t.call<Order>('GET', `/api/v1/order/${paid.order_no}`, { token })).body.data.status).toBe(
      'fulfilled',
    );
    // The sandbox's page refuses to pay a closed order.
    const confirm = await t.call('POST', `/api/v1/pay/sandbox/${unpaid.order_no}/confirm`, { token });
    expect(confirm.body).toMatchObject({ code: 10001, msg: '订单已关闭，请重新下单' });
  });

  it('clears a backlog of more than one batch in one run', async () => {
    const { token } = await t.login();
    const nos: string[] = [];
    for (let i = 0; i < 130; i++) {
      nos.push((await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data.order_no);
    }
    t.clock.advance(31 * MINUTE);
    expect(await t.modules.payments.closeExpired()).toBe(130);
    const statuses = await Promise.all(nos.map(async (no) => (await order(token, no)).status));
    expect(new Set(statuses)).toEqual(new Set(['closed']));
  });
});

describe('payments that race the sweep', () => {
  it('fulfils a payment that arrives after the order was closed here', async () => {
    const { token, user } = await t.login();
    const o = (await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data;
    t.clock.advance(31 * MINUTE);
    await t.modules.payments.closeExpired();
    expect((await order(token, o.order_no)).status).toBe('closed');
    expect((await postNotification(t, paidNotification(t, o.order_no, 600))).status).toBe(200);
    expect((await order(token, o.order_no)).status).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
  });

  it('fulfils in the sweep an expired order the provider says was paid', async () => {
    const { token, user } = await t.login();
    const o = (await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data;
    // Paid at the sandbox, but its notification never arrived.
    sandboxOf(t).confirm(o.order_no, 600);
    t.clock.advance(31 * MINUTE);
    await t.modules.payments.closeExpired();
    expect((await order(token, o.order_no)).status).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
  });
});
