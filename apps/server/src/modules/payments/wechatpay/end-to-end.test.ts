import type { Notice, Page } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeNotification, FakeWechatPay } from '../../../../test/fake-wechatpay.js';
import type { TestApp } from '../../../../test/helpers.js';
import { expectLedgersBalance } from '../../../../test/money.js';
import { startWechatPayApp, wechatPayCalls } from '../../../../test/wechatpay-e2e.js';

/**
 * WeChat Pay end to end, public-key mode: the real app (no sandbox) against the fake WeChat Pay over real
 * HTTP: Native orders, the signed and encrypted notifications at the app's real URL, duplicates, forgeries and
 * a failing fulfilment. The clock (2042) is later than other files': their sweeps never reach these orders.
 */
let t: TestApp;
let fake: FakeWechatPay;
const { me, order, place, notify } = wechatPayCalls(() => ({ t, fake }));
/** Orders whose next fulfilment a listener makes fail once. */
const failOnce = new Set<string>();
const fulfilled: string[] = [];

beforeAll(async () => {
  ({ t, fake } = await startWechatPayApp('public_key', new Date('2042-03-01T08:00:00Z')));
  t.modules.payments.onFulfilled(async (_tx, o) => {
    if (failOnce.delete(o.orderNo)) throw new Error('a listener failed');
    fulfilled.push(o.orderNo);
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.signWith = 'public_key';
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});

const statusOf = async (no: string) => (await t.modules.payments.byOrderNo(no))?.status;
const paidNotices = async (token: string) =>
  (await t.call<Page<Notice>>('GET', '/api/v1/notice?category=system', { token })).body.data.list.filter(
    (n) => n.type === 'order_fulfilled',
  );

describe('Native: order, pay, notify', () => {
  it('gives the code_url, and the notification fulfils: chips in /user, once under 100 duplicates', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native', 'c3200');
    expect(created).toMatchObject({ status: 'pending', amount_fen: 3000, pay: { channel: 'wechat_native' } });
    const placed = fake.orders.get(created.order_no)!;
    expect(placed).toMatchObject({
      trade_type: 'NATIVE',
      appid: fake.appId,
      mchid: fake.mchId,
      amount: { total: 3000, currency: 'CNY' },
      notify_url: expect.stringMatching(/\/api\/v1\/pay\/wechat\/notify$/),
    });
    expect(created.pay).toEqual({
      channel: 'wechat_native',
      code_url: `weixin://wxpay/bizpayurl?pr=${placed.prepay_id.slice(2, 12)}`,
    });

    const n = fake.notifyPaid(created.order_no);
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(n)));
    // Each is 200 once the first has committed; one that failed (5xx) is retried by WeChat, and then 200.
    for (const a of answers) expect([200, 500, 503]).toContain(a.status);
    for (const _failed of answers.filter((x) => x.status !== 200)) expect((await notify(n)).status).toBe(200);
    expect(answers.find((a) => a.status === 200)!.body).toEqual({ code: 'SUCCESS', message: '成功' });

    const o = await order(token, created.order_no);
    expect(o).toMatchObject({ status: 'fulfilled', chips: 3200 });
    expect(o.paid_at).toBe(new Date(placed.success_time!).toISOString());
    expect((await me(token)).chips).toBe(user.chips + 3200);
    expect(fulfilled.filter((no) => no === created.order_no)).toHaveLength(1);
    expect(await paidNotices(token)).toHaveLength(1);
    const row = await t.modules.payments.byOrderNo(created.order_no);
    expect(row!.transactionId).toBe(placed.transaction_id);
    // A late duplicate, a day later, is still answered 200 and gives nothing.
    expect((await notify(fake.notifyPaid(created.order_no))).status).toBe(200);
    expect((await me(token)).chips).toBe(user.chips + 3200);
  });
});

describe('refused notifications fulfil nothing', () => {
  const forged: [string, (no: string) => FakeNotification, number][] = [
    [
      'a tampered body',
      (no) => {
        const n = fake.notifyPaid(no);
        return { ...n, body: n.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') };
      },
      401,
    ],
    [
      'a wrong serial',
      (no) => {
        const n = fake.notifyPaid(no);
        return { ...n, headers: { ...n.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000000000000000' } };
      },
      401,
    ],
    ['a timestamp 301 s old', (no) => fake.notifyPaid(no, { at: t.clock.now().getTime() - 301_000 }), 401],
    ['a timestamp 301 s ahead', (no) => fake.notifyPaid(no, { at: t.clock.now().getTime() + 301_000 }), 401],
    [
      'the signature probe WECHATPAY/SIGNTEST/',
      (no) => {
        const n = fake.notifyPaid(no);
        return {
          ...n,
          headers: { ...n.headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${'A'.repeat(40)}` },
        };
      },
      401,
    ],
    [
      'another amount than the order',
      (no) => fake.notifyPaid(no, { resource: { amount: { total: 1, payer_total: 1, currency: 'CNY' } } }),
      500,
    ],
    ['another merchant', (no) => fake.notifyPaid(no, { resource: { mchid: '1900000999' } }), 401],
    ['another app', (no) => fake.notifyPaid(no, { resource: { appid: 'wx0000000000other' } }), 401],
    [
      'an unknown out_trade_no',
      (no) => fake.notifyPaid(no, { resource: { out_trade_no: 'LX999999999999' } }),
      500,
    ],
    [
      'the resource encrypted with another key',
      (no) => {
        const n = fake.notifyPaid(no);
        const body = JSON.parse(n.body) as { resource: { ciphertext: string } };
        body.resource.ciphertext = Buffer.from('x'.repeat(64)).toString('base64');
        const raw = JSON.stringify(body);
        return { headers: { ...n.headers, ...fake.sign(raw) }, body: raw };
      },
      401,
    ],
  ];

  it.each(forged)('refuses %s', async (_name, make, status) => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    const res = await notify(make(created.order_no));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code: 'FAIL', message: expect.any(String) });
    // Read here, not through GET /order, which would ask WeChat Pay (which says paid) and fulfil.
    expect(await statusOf(created.order_no)).toBe('pending');
    expect((await me(token)).chips).toBe(user.chips);
    expect(fulfilled).not.toContain(created.order_no);
    // WeChat Pay's own notification of it still fulfils.
    expect((await notify(fake.notifyPaid(created.order_no))).status).toBe(200);
    expect((await me(token)).chips).toBe(user.chips + 600);
  });

  it('refuses a notification without signature headers, and a NUL-ridden body', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    const n = fake.notifyPaid(created.order_no);
    expect((await notify({ headers: { 'content-type': 'application/json' }, body: n.body })).status).toBe(
      401,
    );
    const nul = '{"a":"\u0000"}';
    expect((await notify({ headers: { ...n.headers, ...fake.sign(nul) }, body: nul })).status).toBe(401);
    expect((await me(token)).chips).toBe(user.chips);
  });
});

describe('a failure inside fulfilment', () => {
  it('answers 5xx FAIL, keeps nothing, and WeChat’s retry fulfils once', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_native');
    const n = fake.notifyPaid(created.order_no);
    failOnce.add(created.order_no);
    const first = await notify(n);
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect(first.body).toMatchObject({ code: 'FAIL' });
    // Read here, not through GET /order, which would ask WeChat Pay (which says paid) and fulfil.
    expect(await statusOf(created.order_no)).toBe('pending');
    expect((await me(token)).chips).toBe(user.chips);
    const retries = await Promise.all([notify(n), notify(n), notify(n)]);
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await order(token, created.order_no)).status).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
    expect(fulfilled.filter((no) => no === created.order_no)).toHaveLength(1);
    expect(await paidNotices(token)).toHaveLength(1);
  });
});
