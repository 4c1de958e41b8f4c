import type { AdminOrder, AdminPage } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeWechatPay } from '../../../../test/fake-wechatpay.js';
import { MINUTE, type TestApp } from '../../../../test/helpers.js';
import { expectLedgersBalance, makeAdmin } from '../../../../test/money.js';
import { startWechatPayApp, wechatPayCalls } from '../../../../test/wechatpay-e2e.js';

/**
 * WeChat Pay end to end, platform-certificate mode: the poll, the 30-minute sweep (closed at WeChat Pay too)
 * and refunds with their notification. The sweep closes every expired order of the database: this file's clock
 * (2041) is later than other files' and earlier than the other WeChat Pay end-to-end files' (2042, 2043).
 */
let t: TestApp;
let fake: FakeWechatPay;
let admin: string;
const { me, order, place, notify } = wechatPayCalls(() => ({ t, fake }));

beforeAll(async () => {
  ({ t, fake } = await startWechatPayApp('platform_cert', new Date('2041-03-01T08:00:00Z')));
  const a = await t.login();
  await makeAdmin(t.db, a.user.id);
  admin = a.token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.signWith = 'platform_cert';
  fake.beforeAnswer = undefined;
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});

const statusOf = async (no: string) => (await t.modules.payments.byOrderNo(no))?.status;
const closes = (no: string) => fake.requests.filter((r) => r.path.endsWith(`/out-trade-no/${no}/close`));

describe('the poll', () => {
  it('asks WeChat Pay when the user comes back before the notification, and fulfils', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    expect((await order(token, created.order_no)).status).toBe('pending');
    fake.pay(created.order_no);
    t.clock.advance(6_000);
    expect((await order(token, created.order_no)).status).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
    expect(
      fake.requests.filter((r) =>
        r.path.startsWith(`/v3/pay/transactions/out-trade-no/${created.order_no}?`),
      ),
    ).toHaveLength(2);
    // The notification that comes later changes nothing.
    expect((await notify(fake.notifyPaid(created.order_no))).status).toBe(200);
    expect((await me(token)).chips).toBe(user.chips + 600);
  });
});

describe('the sweep', () => {
  it('closes an unpaid order after 30 minutes, at WeChat Pay too', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    t.clock.advance(29 * MINUTE);
    await t.modules.payments.closeExpired();
    expect(await statusOf(created.order_no)).toBe('pending');
    expect(closes(created.order_no)).toHaveLength(0);
    t.clock.advance(2 * MINUTE);
    await t.modules.payments.closeExpired();
    expect(await statusOf(created.order_no)).toBe('closed');
    expect(closes(created.order_no)).toHaveLength(1);
    expect(fake.orders.get(created.order_no)!.trade_state).toBe('CLOSED');
    expect((await order(token, created.order_no)).status).toBe('closed');
    expect((await me(token)).chips).toBe(user.chips);
  });

  it('fulfils instead when WeChat Pay answers the close with ORDERPAID', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    // The payer pays between the sweep's query (NOTPAY) and its close.
    fake.beforeAnswer = (method, path) => {
      if (method === 'POST' && path.endsWith(`/${created.order_no}/close`)) fake.pay(created.order_no);
    };
    t.clock.advance(31 * MINUTE);
    await t.modules.payments.closeExpired();
    expect(closes(created.order_no)).toHaveLength(1);
    expect(await statusOf(created.order_no)).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
  });

  it('fulfils when the sweep’s query finds it paid, without closing', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    fake.pay(created.order_no);
    t.clock.advance(31 * MINUTE);
    await t.modules.payments.closeExpired();
    expect(closes(created.order_no)).toHaveLength(0);
    expect(await statusOf(created.order_no)).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
  });
});

describe('refunds', () => {
  const refund = (no: string) =>
    t.call<AdminOrder>('POST', `/api/v1/admin/order/${no}/refund`, {
      token: admin,
      body: { reason: '用户申请退款' },
    });

  it('asks WeChat Pay, stays fulfilled while processing, and its notification takes back the unspent chips once', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native', 'c3200');
    expect((await notify(fake.notifyPaid(created.order_no))).status).toBe(200);
    // 200 of the 3200 chips are spent before the refund.
    await t.modules.wallet.apply({
      userId: user.id,
      delta: -200,
      reason: 'chat',
      idempotencyKey: `spend:${created.order_no}`,
    });
    const res = await refund(created.order_no);
    expect(res.body).toMatchObject({ code: 0, data: { status: 'fulfilled' } });
    const [r] = [...fake.refunds.values()].filter((x) => x.out_trade_no === created.order_no);
    expect(r).toMatchObject({
      amount: { refund: 3000, total: 3000 },
      status: 'PROCESSING',
      reason: '用户申请退款',
    });
    expect(r!.notify_url).toMatch(/\/api\/v1\/pay\/wechat\/refund-notify$/);
    const row = await t.modules.payments.byOrderNo(created.order_no);
    expect(row).toMatchObject({
      status: 'fulfilled',
      refundStatus: 'processing',
      refundNo: r!.out_refund_no,
    });
    expect((await me(token)).chips).toBe(user.chips + 3000);
    // A second refund while one is processing is refused.
    expect((await refund(created.order_no)).body.code).toBe(10009);

    const n = fake.notifyRefunded(r!.out_refund_no);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(n, 'refund-notify')));
    for (const a of answers) expect([200, 500]).toContain(a.status);
    for (const _failed of answers.filter((x) => x.status !== 200))
      expect((await notify(n, 'refund-notify')).status).toBe(200);
    expect((await order(token, created.order_no)).status).toBe('refunded');
    // Taken back as far as the balance goes (3100 of the 3200; never below zero).
    expect((await me(token)).chips).toBe(0);
    const admin1 = await t.call<AdminPage<AdminOrder>>('GET', `/api/v1/admin/order?user_id=${user.id}`, {
      token: admin,
    });
    expect(admin1.body.data.list[0]).toMatchObject({
      status: 'refunded',
      transaction_id: expect.any(String),
    });
    expect(admin1.body.data.list[0]!.refund_note).toBe(
      `扣回${user.chips + 3000}芯片；${200 - user.chips}芯片已使用，未扣回`,
    );
  });

  it('refuses a forged refund notification and one of another refund number', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    await notify(fake.notifyPaid(created.order_no));
    expect((await refund(created.order_no)).body.code).toBe(0);
    const r = [...fake.refunds.values()].find((x) => x.out_trade_no === created.order_no)!;
    const good = fake.notifyRefunded(r.out_refund_no);
    const tampered = { ...good, body: good.body.replace('REFUND.SUCCESS', 'REFUND.SUCCESS ') };
    expect((await notify(tampered, 'refund-notify')).status).toBe(401);
    const otherNo = fake.notifyRefunded(r.out_refund_no, { resource: { out_refund_no: 'RF000000000000' } });
    expect((await notify(otherNo, 'refund-notify')).status).toBeGreaterThanOrEqual(400);
    const otherMch = fake.notifyRefunded(r.out_refund_no, { resource: { mchid: '1900000999' } });
    expect((await notify(otherMch, 'refund-notify')).status).toBe(401);
    expect(await statusOf(created.order_no)).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
    expect((await notify(good, 'refund-notify')).status).toBe(200);
    expect(await statusOf(created.order_no)).toBe('refunded');
    expect((await me(token)).chips).toBe(user.chips);
  });
});
