import { randomUUID } from 'node:crypto';
import type { MemberPlans, Order, Page } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, startTestApp, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../../platform/clock.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { placeOrder } from '../../../test/payments.js';

/** Later than any other test's clock: no other app's sweep of the shared database closes these orders. */
const FAR = new Date('2035-06-01T08:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await (await startTestApp({ clock: new ManualClock(FAR) })).listen();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});

describe('GET /member/plans', () => {
  it('shows the tiers, the packages, the discount and the channels that can pay now, to anyone', async () => {
    const res = await t.call<MemberPlans>('GET', '/api/v1/member/plans');
    expect(res.body.code).toBe(0);
    expect(res.body.data.tiers.map((x) => [x.id, x.price_fen, x.days])).toEqual([
      ['month', 1990, 30],
      ['year', 16800, 365],
    ]);
    expect(res.body.data.packages.map((p) => [p.id, p.price_fen, p.chips])).toEqual([
      ['c600', 600, 600],
      ['c3200', 3000, 3200],
      ['c11000', 9800, 11000],
    ]);
    expect(res.body.data.vip_discount_percent).toBe(20);
    expect(res.body.data.channels).toEqual(['sandbox']);
  });
});

describe('POST /order', () => {
  it('creates a pending order priced from the settings, with the sandbox confirm page to pay it', async () => {
    const { token } = await t.login();
    const res = await placeOrder(t, token, { kind: 'chips', item_id: 'c3200' });
    expect(res.body.code).toBe(0);
    const o = res.body.data;
    expect(o.order_no).toMatch(/^LX\d{24}$/);
    expect(o).toMatchObject({ amount_fen: 3000, status: 'pending' });
    expect(o.pay).toEqual({ channel: 'sandbox', confirm_url: `/pay/sandbox?order_no=${o.order_no}` });
    const read = await t.call<Order>('GET', `/api/v1/order/${o.order_no}`, { token });
    expect(read.body.data).toMatchObject({
      kind: 'chips',
      item_id: 'c3200',
      title: '3200芯片',
      chips: 3200,
      vip_days: 0,
      status: 'pending',
      paid_at: null,
      expires_at: new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString(),
    });
  });

  it('refuses without the agreement, for an unknown item, and for a channel no provider takes', async () => {
    const { token } = await t.login();
    const noTerms = await placeOrder(t, token, { kind: 'chips', item_id: 'c600', agree_terms: false });
    expect(noTerms.body).toMatchObject({ code: 10001, msg: '请先阅读并同意《芯片充值协议》' });
    const missing = await t.call('POST', '/api/v1/order', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { kind: 'chips', item_id: 'c600', channel: 'sandbox' },
    });
    expect(missing.body.code).toBe(10001);
    const unknown = await placeOrder(t, token, { kind: 'vip', item_id: 'c600' });
    expect(unknown.body).toMatchObject({ code: 10004, msg: '商品不存在或已下架' });
    const channel = await placeOrder(t, token, { kind: 'chips', item_id: 'c600', channel: 'wechat_h5' });
    expect(channel.body).toMatchObject({ code: 10001, msg: '暂不支持该支付方式，请选择其他支付方式' });
    const wrongType = await placeOrder(t, token, { kind: 'chips', item_id: 600 });
    expect(wrongType.body.code).toBe(10001);
    const nul = await placeOrder(t, token, { kind: 'chips', item_id: 'c6\u000000' });
    expect(nul.body.code).toBe(10001);
    const list = await t.call<Page<Order>>('GET', '/api/v1/order', { token });
    expect(list.body.data.list).toEqual([]);
  });

  it('needs an Idempotency-Key of 8–64 letters, digits, _ or -', async () => {
    const { token } = await t.login();
    const body = { kind: 'chips', item_id: 'c600', channel: 'sandbox', agree_terms: true };
    const none = await t.call('POST', '/api/v1/order', { token, body });
    expect(none.body.code).toBe(10001);
    expect(none.body.msg).toContain('Idempotency-Key');
    for (const key of ['short', 'x'.repeat(65), 'has space here', 'semi;colon;key'])
      expect((await placeOrder(t, token, body, key)).body.code).toBe(10001);
  });

  it('gives the same order for the same key, once, under 50 concurrent requests', async () => {
    const { token } = await t.login();
    const key = randomUUID();
    const all = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(t, token, { kind: 'vip', item_id: 'month' }, key)),
    );
    expect(all.map((r) => r.body.code)).toEqual(Array(50).fill(0));
    const nos = new Set(all.map((r) => r.body.data.order_no));
    expect(nos.size).toBe(1);
    expect(all.every((r) => r.body.data.pay.channel === 'sandbox')).toBe(true);
    const list = await t.call<Page<Order>>('GET', '/api/v1/order', { token });
    expect(list.body.data.list).toHaveLength(1);
  });

  it('refuses the same key for another purchase with 10009', async () => {
    const { token } = await t.login();
    const key = randomUUID();
    expect((await placeOrder(t, token, { kind: 'chips', item_id: 'c600' }, key)).body.code).toBe(0);
    const other = await placeOrder(t, token, { kind: 'chips', item_id: 'c3200' }, key);
    expect(other.body.code).toBe(10009);
    // Another user's use of the same key is their own order.
    const b = await t.login();
    expect((await placeOrder(t, b.token, { kind: 'chips', item_id: 'c3200' }, key)).body.code).toBe(0);
  });

  it('refuses JSAPI when no enabled provider takes it (the openid is checked once WeChat Pay is on)', async () => {
    const { token } = await t.login();
    // Only the sandbox is enabled here: JSAPI is not a channel this server takes.
    const res = await placeOrder(t, token, { kind: 'chips', item_id: 'c600', channel: 'wechat_jsapi' });
    expect(res.body.code).toBe(10001);
  });
});

describe('reading orders', () => {
  it("shows my orders newest first, paged; another user's order is 10004 on read and on the confirm page", async () => {
    const a = await t.login();
    const nos: string[] = [];
    for (let i = 0; i < 3; i++)
      nos.push((await placeOrder(t, a.token, { kind: 'chips', item_id: 'c600' })).body.data.order_no);
    const first = await t.call<Page<Order>>('GET', '/api/v1/order?limit=2', { token: a.token });
    expect(first.body.data.list.map((o) => o.order_no)).toEqual([nos[2], nos[1]]);
    const second = await t.call<Page<Order>>(
      `GET`,
      `/api/v1/order?limit=2&cursor=${first.body.data.next_cursor}`,
      { token: a.token },
    );
    expect(second.body.data.list.map((o) => o.order_no)).toEqual([nos[0]]);

    const b = await t.login();
    for (const [method, path] of [
      ['GET', `/api/v1/order/${nos[0]}`],
      ['GET', `/api/v1/pay/sandbox/${nos[0]}`],
      ['POST', `/api/v1/pay/sandbox/${nos[0]}/confirm`],
    ] as const)
      expect((await t.call(method, path, { token: b.token })).body.code).toBe(10004);
    expect((await t.call('GET', '/api/v1/order/LX123', { token: a.token })).body.code).toBe(10001);
    expect((await t.call('GET', `/api/v1/order/${nos[0]}`)).body.code).toBe(20003);
    // B's attempt paid nothing.
    const own = await t.call<Order>('GET', `/api/v1/order/${nos[0]}`, { token: a.token });
    expect(own.body.data.status).toBe('pending');
  });

  it('shows the sandbox confirm page its order', async () => {
    const { token } = await t.login();
    const o = (await placeOrder(t, token, { kind: 'vip', item_id: 'year' })).body.data;
    const page = await t.call('GET', `/api/v1/pay/sandbox/${o.order_no}`, { token });
    expect(page.body.data).toEqual({
      order_no: o.order_no,
      title: '年度会员',
      amount_fen: 16800,
      status: 'pending',
    });
  });
});
