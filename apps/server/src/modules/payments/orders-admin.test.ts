import type { AdminOrder, AdminOrderDetail, AdminPage, Order } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance, makeAdmin } from '../../../test/money.js';
import { buy, placeOrder, sandboxOf } from '../../../test/payments.js';
import { ManualClock } from '../../platform/clock.js';

/** docs/admin.md, Money: the operators' order list, its CSV, and one order's detail. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await (await startTestApp({ clock: new ManualClock(new Date('2036-03-10T04:00:00Z')) })).listen();
  const a = await t.login();
  await makeAdmin(t.db, a.user.id);
  admin = a.token;
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});

const list = async (query: string) => {
  const res = await t.call<AdminPage<AdminOrder>>('GET', `/api/v1/admin/order?${query}`, { token: admin });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};
const detail = async (no: string) => {
  const res = await t.call<AdminOrderDetail>('GET', `/api/v1/admin/order/${no}`, { token: admin });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};
const csv = async (query: string) => {
  const res = await fetch(`${t.base}/api/v1/admin/order/export.csv?${query}`, { headers: { token: admin } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};
/** China day of the test clock: the day filters' unit. */
const today = () => new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('the order list', () => {
  it('finds an order by its number, the transaction number, the user id or phone', async () => {
    const { token, user, phone } = await t.login();
    const paid = await buy(t, token, 'chips', 'c600');
    const pending = (await placeOrder(t, token, { kind: 'vip', item_id: 'year' })).body.data;
    const byNo = await list(`q=${paid.order_no}`);
    expect(byNo.total).toBe(1);
    expect(byNo.list[0]).toMatchObject({
      order_no: paid.order_no,
      status: 'fulfilled',
      amount_fen: 600,
      user: { id: user.id, nickname: user.nickname, phone },
      refund_note: null,
    });
    const txn = byNo.list[0]!.transaction_id!;
    expect(txn).toMatch(/^SB[0-9a-f]{24}$/);
    expect((await list(`q=${txn}`)).list.map((o) => o.order_no)).toEqual([paid.order_no]);
    expect((await list(`q=${phone}`)).list.map((o) => o.order_no)).toEqual([pending.order_no, paid.order_no]);
    expect((await list(`q=${user.id}`)).list.map((o) => o.order_no)).toEqual(
      expect.arrayContaining([pending.order_no, paid.order_no]),
    );
    expect((await list(`user_id=${user.id}`)).total).toBe(2);
    expect((await list(`q=LX00000000000000000000000000`)).total).toBe(0);
  });

  it('filters by status, kind, channel and day; sorts by time and amount; pages with the total', async () => {
    const { token, user } = await t.login();
    const small = await buy(t, token, 'chips', 'c600');
    t.clock.advance(60_000);
    const vip = await buy(t, token, 'vip', 'month');
    t.clock.advance(60_000);
    const open = (await placeOrder(t, token, { kind: 'chips', item_id: 'c11000' })).body.data;
    const mine = `user_id=${user.id}`;

    expect((await list(`${mine}&status=fulfilled`)).list.map((o) => o.order_no)).toEqual([
      vip.order_no,
      small.order_no,
    ]);
    expect((await list(`${mine}&status=pending`)).list.map((o) => o.order_no)).toEqual([open.order_no]);
    expect((await list(`${mine}&kind=vip`)).list.map((o) => o.order_no)).toEqual([vip.order_no]);
    expect((await list(`${mine}&channel=sandbox`)).total).toBe(3);
    expect((await list(`${mine}&channel=wechat_native`)).total).toBe(0);
    expect((await list(`${mine}&from=${today()}&to=${today()}`)).total).toBe(3);
    expect((await list(`${mine}&from=2036-03-11`)).total).toBe(0);
    expect((await list(`${mine}&to=2036-03-09`)).total).toBe(0);

    expect((await list(`${mine}&sort=amount_fen&order=desc`)).list.map((o) => o.amount_fen)).toEqual([
      9800, 1990, 600,
    ]);
    expect((await list(`${mine}&sort=amount_fen&order=asc`)).list.map((o) => o.amount_fen)).toEqual([
      600, 1990, 9800,
    ]);
    expect((await list(`${mine}&sort=created_at&order=asc`)).list[0]!.order_no).toBe(small.order_no);
    const p1 = await list(`${mine}&page_size=2`);
    const p2 = await list(`${mine}&page_size=2&page=2`);
    expect([p1.total, p1.list.length, p2.total, p2.list.length]).toEqual([3, 2, 3, 1]);
    expect(p2.list[0]!.order_no).toBe(small.order_no);
  });

  it('refuses bad filters with 10001, never a 500', async () => {
    for (const query of [
      'status=paidd',
      'kind=gold',
      'channel=alipay',
      'sort=title',
      'order=sideways',
      'page=0',
      'page=1e9',
      'page_size=101',
      'user_id=-1',
      'user_id=99999999999999999999',
      'from=2036-02-30',
      'to=20360301',
      'from=2036-03-05&to=2036-03-01',
      'q=LX%00',
      `q=${'9'.repeat(101)}`,
    ]) {
      const res = await t.call('GET', `/api/v1/admin/order?${query}`, { token: admin });
      expect([res.status, res.body.code], query).toEqual([200, 10001]);
    }
  });
});

describe('the order CSV', () => {
  it('exports the filtered orders with a BOM, a Chinese header and formula-safe cells', async () => {
    const phone = randomPhone();
    const { token, user } = await t.login(phone);
    await t.call('PUT', '/api/v1/user', { token, body: { nickname: '=SUM(A1),"x"' } });
    const o = await buy(t, token, 'chips', 'c3200');
    const { res, bytes } = await csv(`q=${phone}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('订单.csv')}`,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n'); // the decoder drops the BOM
    expect(lines[0]).toBe(
      '订单号,用户ID,昵称,手机号,类型,商品,金额（元）,状态,支付渠道,交易号,下单时间,支付时间,退款时间,退款说明',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${o.order_no},${user.id},"'=SUM\\(A1\\),""x""",${phone},芯片,3200芯片,30\\.00,已完成,沙箱支付,SB[0-9a-f]{24},` +
          `2036-03-10 \\d{2}:\\d{2}:\\d{2},2036-03-10 \\d{2}:\\d{2}:\\d{2},,$`,
      ),
    );
    const none = await csv('q=LX11111111111111111111111111');
    expect(new TextDecoder().decode(none.bytes).split('\r\n')).toHaveLength(2);
    const bad = await t.call('GET', '/api/v1/admin/order/export.csv?status=lost', { token: admin });
    expect(bad.body.code).toBe(10001);
  });
});

describe('the order detail', () => {
  it('shows a fulfilled order: what it bought, its timeline, the provider’s notification, the commission', async () => {
    const inviter = await t.login();
    const buyer = await t.login(randomPhone(), { invite_code: inviter.user.invite_code });
    const o = await buy(t, buyer.token, 'vip', 'year');
    const d = await detail(o.order_no);
    expect(d).toMatchObject({
      order_no: o.order_no,
      kind: 'vip',
      item_id: 'year',
      vip_tier: 'year',
      amount_fen: 16800,
      status: 'fulfilled',
      provider: 'sandbox',
      user: { id: buyer.user.id, phone: buyer.phone },
      refund: null,
      refundable: true,
      pay: { channel: 'sandbox', confirm_url: `/pay/sandbox?order_no=${o.order_no}` },
      refund_payload: null,
      commission: {
        inviter: { id: inviter.user.id, phone: inviter.phone },
        amount_fen: 1680,
        reversed_fen: 0,
      },
    });
    expect(d.events.map((e) => e.state)).toEqual(['created', 'paid', 'fulfilled']);
    expect(d.payment_payload).toMatchObject({
      source: 'notification',
      received_at: d.fulfilled_at,
      body: { order_no: o.order_no, amount_fen: 16800, transaction_id: d.transaction_id },
    });

    // The refund adds its steps, the provider's answer, and the commission comes back.
    t.clock.advance(5 * 60_000);
    const refunded = await t.call<AdminOrder>('POST', `/api/v1/admin/order/${o.order_no}/refund`, {
      token: admin,
      body: { reason: '误购' },
    });
    expect(refunded.body.data.status).toBe('refunded');
    const after = await detail(o.order_no);
    expect(after.events.map((e) => e.state)).toEqual([
      'created',
      'paid',
      'fulfilled',
      'refund_requested',
      'refunded',
    ]);
    expect(after).toMatchObject({
      status: 'refunded',
      refundable: false,
      refund: { status: 'succeeded', reason: '误购', refund_no: expect.stringMatching(/^RF\d{24}$/) },
      refund_payload: { source: 'answer', body: { status: 'SUCCESS', order_no: o.order_no } },
      commission: { amount_fen: 1680, reversed_fen: 1680 },
    });
    expect(after.refund!.requested_at).toBe(t.clock.now().toISOString());
  });

  it('keeps the provider’s answer to a query when that is how the payment was learnt', async () => {
    const { token } = await t.login();
    const created = (await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data;
    sandboxOf(t).confirm(created.order_no, 600); // paid at the sandbox; its notification never arrives
    const polled = await t.call<Order>('GET', `/api/v1/order/${created.order_no}`, { token });
    expect(polled.body.data.status).toBe('fulfilled');
    const d = await detail(created.order_no);
    expect(d.payment_payload).toMatchObject({ source: 'query', body: { order_no: created.order_no } });
    expect(d.commission).toBeNull();
  });

  it('shows a pending order as created only, not refundable; unknown and malformed numbers say so', async () => {
    const { token } = await t.login();
    const pending = (await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data;
    const d = await detail(pending.order_no);
    expect(d).toMatchObject({
      status: 'pending',
      events: [{ state: 'created' }],
      refundable: false,
      payment_payload: null,
      paid_at: null,
      fulfilled_at: null,
    });
    const unknown = await t.call('GET', '/api/v1/admin/order/LX99999999999999999999999999', { token: admin });
    expect(unknown.body).toMatchObject({ code: 10004, msg: '订单不存在' });
    for (const bad of ['LX-1', 'a'.repeat(40), 'LX%00ABCDEFGH'])
      expect((await t.call('GET', `/api/v1/admin/order/${bad}`, { token: admin })).body.code, bad).toBe(
        10001,
      );
    expect((await t.call('GET', `/api/v1/admin/order/${pending.order_no}`, { token })).body.code).toBe(10003);
    expect((await t.call('GET', `/api/v1/admin/order/${pending.order_no}`)).body.code).toBe(20003);
  });
});
