import type { ChipRecord, Notice, Order, Page, UserInfo } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY, startTestApp, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../../platform/clock.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { buy, paidNotification, placeOrder, postNotification, sandboxOf } from '../../../test/payments.js';
import type { FulfilledOrder } from './payments.service.js';

/** Later than any other test's clock: no other app's sweep of the shared database closes these orders. */
const FAR = new Date('2035-06-01T08:00:00Z');
let t: TestApp;
const fulfilled: FulfilledOrder[] = [];
/** Orders whose next fulfilment a listener makes fail once. */
const failOnce = new Set<string>();

beforeAll(async () => {
  t = await (await startTestApp({ clock: new ManualClock(FAR) })).listen();
  t.modules.payments.onFulfilled(async (_tx, o) => {
    if (failOnce.delete(o.orderNo)) throw new Error('a listener failed');
    fulfilled.push(o);
  });
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
const systemNotices = async (token: string) =>
  (await t.call<Page<Notice>>('GET', '/api/v1/notice?category=system', { token })).body.data.list;

describe('paying through the sandbox', () => {
  it('tops up chips: order, confirm, fulfilled, the chips and the notice', async () => {
    const { token, user } = await t.login();
    const o = await buy(t, token, 'chips', 'c600');
    expect(o).toMatchObject({ status: 'fulfilled', chips: 600, amount_fen: 600 });
    expect(o.paid_at).toBe(t.clock.now().toISOString());
    expect((await me(token)).chips).toBe(user.chips + 600);
    const records = await t.call<Page<ChipRecord>>('GET', '/api/v1/chip/record', { token });
    expect(records.body.data.list[0]).toMatchObject({ delta: 600, reason: 'top_up', title: '芯片充值' });
    expect((await systemNotices(token)).map((n) => [n.type, n.title])).toEqual([
      ['order_fulfilled', '支付成功'],
    ]);
    expect(fulfilled.find((f) => f.orderNo === o.order_no)).toMatchObject({
      userId: user.id,
      amountFen: 600,
      kind: 'chips',
    });
    // Confirming again changes nothing.
    await t.call('POST', `/api/v1/pay/sandbox/${o.order_no}/confirm`, { token });
    expect((await me(token)).chips).toBe(user.chips + 600);
  });

  it('buys VIP: the membership, the monthly grant and their notices', async () => {
    const { token, user } = await t.login();
    const o = await buy(t, token, 'vip', 'month');
    expect(o).toMatchObject({ status: 'fulfilled', vip_days: 30, chips: 300, title: '月度会员' });
    const u = await me(token);
    expect(u.is_vip).toBe(true);
    expect(u.vip_expires_at).toBe(new Date(t.clock.now().getTime() + 30 * DAY).toISOString());
    expect(u.chips).toBe(user.chips + 300);
    expect((await systemNotices(token)).map((n) => n.type).sort()).toEqual(['order_fulfilled', 'vip_grant']);
    // Buying again extends from the expiry; the grant cycle goes on (no second grant now).
    await buy(t, token, 'vip', 'year');
    const again = await me(token);
    expect(again.vip_expires_at).toBe(new Date(t.clock.now().getTime() + 395 * DAY).toISOString());
    expect(again.chips).toBe(user.chips + 300);
  });
});

describe('notifications', () => {
  it('fulfils once under 100 concurrent notifications and 20 concurrent confirms', async () => {
    const { token, user } = await t.login();
    const o = (await placeOrder(t, token, { kind: 'chips', item_id: 'c3200' })).body.data;
    const n = paidNotification(t, o.order_no, 3000);
    const [notified, confirmed] = await Promise.all([
      Promise.all(Array.from({ length: 100 }, () => postNotification(t, n))),
      Promise.all(
        Array.from({ length: 20 }, () =>
          t.call('POST', `/api/v1/pay/sandbox/${o.order_no}/confirm`, { token }),
        ),
      ),
    ]);
    expect(notified.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(confirmed.map((r) => r.body.code)).toEqual(Array(20).fill(0));
    const fulfilments = notified.filter((r) => (r.body.data as { fulfilled: boolean }).fulfilled).length;
    expect(fulfilments).toBeLessThanOrEqual(1);
    expect((await me(token)).chips).toBe(user.chips + 3200);
    expect(fulfilled.filter((f) => f.orderNo === o.order_no)).toHaveLength(1);
    expect((await systemNotices(token)).filter((x) => x.type === 'order_fulfilled')).toHaveLength(1);
  });

  it('refuses tampered, unsigned, stale and foreign notifications, and fulfils nothing', async () => {
    const { token, user } = await t.login();
    const o = (await placeOrder(t, token, { kind: 'chips', item_id: 'c11000' })).body.data;
    const good = paidNotification(t, o.order_no, 9800);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const attempts = [
      { body: good.body.replace('"amount_fen":9800', '"amount_fen":9801'), headers: good.headers },
      { body: good.body, headers: {} },
      { body: good.body, headers: { ...good.headers, 'x-sandbox-signature': 'f'.repeat(64) } },
      { body: good.body, headers: { ...good.headers, 'x-sandbox-signature': 'not hex' } },
      paidNotification(t, o.order_no, 9800, now - 301),
      paidNotification(t, o.order_no, 9800, now + 301),
      { body: good.body + ' ', headers: good.headers },
    ];
    for (const n of attempts) {
      const res = await postNotification(t, n);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(10003);
    }
    // Signed, but for another amount or an order that does not exist: refused too.
    expect((await postNotification(t, paidNotification(t, o.order_no, 1))).status).toBe(400);
    expect((await postNotification(t, paidNotification(t, 'LX0000000000', 9800))).status).toBe(400);
    const signedJunk = sandboxOf(t).signed('{"order_no":1}');
    expect((await postNotification(t, signedJunk)).status).toBe(401);
    expect((await order(token, o.order_no)).status).toBe('pending');
    expect((await me(token)).chips).toBe(user.chips);
    // A notification 300 s old is still good.
    expect((await postNotification(t, paidNotification(t, o.order_no, 9800, now - 300))).status).toBe(200);
    expect((await me(token)).chips).toBe(user.chips + 11000);
  });

  it('answers 5xx when fulfilment fails, moves nothing, and the retry fulfils once', async () => {
    const { token, user } = await t.login();
    const o = (await placeOrder(t, token, { kind: 'vip', item_id: 'month' })).body.data;
    const n = paidNotification(t, o.order_no, 1990);
    failOnce.add(o.order_no);
    const first = await postNotification(t, n);
    expect(first.status).toBe(500);
    expect((await order(token, o.order_no)).status).toBe('pending');
    const u = await me(token);
    expect([u.chips, u.is_vip]).toEqual([user.chips, false]);
    expect(await systemNotices(token)).toEqual([]);
    const retries = await Promise.all([1, 2, 3].map(() => postNotification(t, n)));
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await me(token);
    expect([after.chips, after.is_vip]).toEqual([user.chips + 300, true]);
    expect(fulfilled.filter((f) => f.orderNo === o.order_no)).toHaveLength(1);
  });

  it('fulfils a confirmed payment whose notification failed when the client polls the order', async () => {
    const { token, user } = await t.login();
    const o = (await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data;
    failOnce.add(o.order_no);
    const confirmed = await t.call<{ status: string }>('POST', `/api/v1/pay/sandbox/${o.order_no}/confirm`, {
      token,
    });
    expect(confirmed.body.data.status).toBe('pending');
    expect((await order(token, o.order_no)).status).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
  });
});
