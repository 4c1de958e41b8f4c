import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeWechatPay,
  type FakeNotification,
  type FakeWechatPay,
} from '../../../../test/fake-wechatpay.js';
import { startTestApp, type TestApp } from '../../../../test/helpers.js';
import { expectLedgersBalance } from '../../../../test/money.js';
import { AppError } from '../../../platform/errors.js';
import { ManualClock } from '../../../platform/clock.js';
import type { ProviderPayment, ProviderRefund } from '../provider.js';
import { type PaymentCallbacks, Wechat } from './wechat.js';
import { wechatRoutes } from './wechatpay.routes.js';

/**
 * The notification routes around a recording stand-in of the payments service (its fulfil and completeRefund),
 * mounted under /t/api/v1 beside whatever the app itself wires.
 */
const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
let fake: FakeWechatPay;
let t: TestApp;
let wechat: Wechat;
let seq = 0;

const rec = {
  fulfils: [] as ProviderPayment[],
  refunds: [] as ProviderRefund[],
  /** The next fulfil throws this (then works again). */
  failNext: null as Error | null,
};
const callbacks: PaymentCallbacks = {
  async fulfil(p) {
    const e = rec.failNext;
    rec.failNext = null;
    if (e) throw e;
    rec.fulfils.push(p);
    return { fulfilled: true };
  },
  async completeRefund(r) {
    rec.refunds.push(r);
  },
};

beforeAll(async () => {
  fake = await startFakeWechatPay({ now: () => clock.now().getTime() });
  t = await startTestApp({ clock, env: fake.env('both') });
  wechat = new Wechat({ config: t.config, db: t.db, clock: t.clock });
  t.extend((app) => app.register(wechatRoutes, { prefix: '/t/api/v1', wechat, callbacks }));
  await t.listen();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  rec.fulfils.length = 0;
  rec.refunds.length = 0;
  fake.signWith = 'public_key';
});
afterEach(() => expectLedgersBalance(t.db));

const notifyUrl = () => `${t.base}/t/api/v1/pay/wechat/notify`;
const refundUrl = () => `${t.base}/t/api/v1/pay/wechat/refund-notify`;

async function pendingOrder(channel: 'wechat_native' | 'wechat_jsapi' = 'wechat_native') {
  const orderNo = `LX${Date.now()}${++seq}`;
  await wechat.pay!.create({
    orderNo,
    amountFen: 600,
    description: '600 芯片',
    channel,
    openid: 'o-payer',
    clientIp: '203.0.113.9',
    expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
  });
  return orderNo;
}

const withHeader = (n: FakeNotification, name: string, value: string): FakeNotification => ({
  ...n,
  headers: { ...n.headers, [name]: value },
});

describe('POST /pay/wechat/notify', () => {
  it.each(['public_key', 'platform_cert'] as const)(
    'verifies and decrypts a payment (%s), hands it to fulfil, then answers 200',
    async (mode) => {
      fake.signWith = mode;
      const orderNo = await pendingOrder();
      const res = await fake.send(notifyUrl(), fake.notifyPaid(orderNo));
      expect(res).toEqual({ status: 200, body: { code: 'SUCCESS', message: '成功' } });
      expect(rec.fulfils).toEqual([
        {
          orderNo,
          state: 'paid',
          transactionId: fake.orders.get(orderNo)!.transaction_id,
          amountFen: 600,
          mchId: fake.mchId,
          appId: fake.appId,
          paidAt: clock.now(),
          // The decrypted resource, kept on the order for the operators.
          raw: {
            source: 'notification',
            body: expect.objectContaining({ out_trade_no: orderNo, trade_state: 'SUCCESS' }),
          },
        },
      ]);
    },
  );

  it('hands every duplicate to fulfil (which is idempotent) and answers each 200', async () => {
    const n = fake.notifyPaid(await pendingOrder());
    const answers = await Promise.all(Array.from({ length: 10 }, () => fake.send(notifyUrl(), n)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(rec.fulfils).toHaveLength(10);
  });

  it('takes the raw bytes whatever the content type says', async () => {
    const n = fake.notifyPaid(await pendingOrder());
    const res = await fake.send(notifyUrl(), withHeader(n, 'content-type', 'text/plain'));
    expect(res.status).toBe(200);
    expect(rec.fulfils).toHaveLength(1);
  });

  it('refuses what is not WeChat Pay’s, 4xx with nothing fulfilled', async () => {
    const orderNo = await pendingOrder();
    const n = fake.notifyPaid(orderNo);
    const other = await startFakeWechatPay({ now: () => clock.now().getTime() });
    other.orders.set(orderNo, { ...fake.orders.get(orderNo)! });
    const refused: [string, FakeNotification][] = [
      ['a tampered body', { ...n, body: n.body.replace('支付成功', '支付成功 ') }],
      ['a body with an added field', { ...n, body: n.body.replace('{', '{"x":1,') }],
      ['an unknown serial', withHeader(n, 'wechatpay-serial', 'PUB_KEY_ID_0000000000000000000000000000')],
      ['the other mode’s serial', withHeader(n, 'wechatpay-serial', fake.keys.certMode.serial)],
      [
        'WeChat’s signature probe',
        withHeader(n, 'wechatpay-signature', `WECHATPAY/SIGNTEST/${'A'.repeat(40)}`),
      ],
      ['no signature', withHeader(n, 'wechatpay-signature', '')],
      [
        'a changed timestamp',
        withHeader(n, 'wechatpay-timestamp', String(Number(n.headers['wechatpay-timestamp']) + 1)),
      ],
      ['a timestamp 301 s old', fake.notifyPaid(orderNo, { at: clock.now().getTime() - 301_000 })],
      ['a timestamp 301 s ahead', fake.notifyPaid(orderNo, { at: clock.now().getTime() + 301_000 })],
      ['another merchant id', fake.notifyPaid(orderNo, { resource: { mchid: '1900000999' } })],
      ['another app id', fake.notifyPaid(orderNo, { resource: { appid: 'wx0000000000000000' } })],
      ['no app id', fake.notifyPaid(orderNo, { resource: { appid: undefined } })],
      ['a resource encrypted with another APIv3 key', other.notifyPaid(orderNo)],
    ];
    await other.close();
    for (const [what, bad] of refused) {
      const res = await fake.send(notifyUrl(), bad);
      expect({ what, status: res.status, code: res.body?.code }).toEqual({ what, status: 401, code: 'FAIL' });
    }
    const empty = await fetch(notifyUrl(), { method: 'POST' });
    expect(empty.status).toBe(401);
    expect(rec.fulfils).toEqual([]);
    // The genuine one still works afterwards.
    expect((await fake.send(notifyUrl(), n)).status).toBe(200);
  });

  it('accepts a timestamp 299 s off, and the host mini-program’s app id', async () => {
    const a = await fake.send(
      notifyUrl(),
      fake.notifyPaid(await pendingOrder(), { at: clock.now().getTime() - 299_000 }),
    );
    const b = await fake.send(
      notifyUrl(),
      fake.notifyPaid(await pendingOrder(), { resource: { appid: fake.mpAppId } }),
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(rec.fulfils).toHaveLength(2);
  });

  it('answers 5xx FAIL when fulfilment fails, so WeChat retries; the retry is handed over again', async () => {
    const n = fake.notifyPaid(await pendingOrder());
    rec.failNext = new Error('connection reset');
    expect(await fake.send(notifyUrl(), n)).toEqual({
      status: 500,
      body: { code: 'FAIL', message: '处理失败，请稍后重试' },
    });
    rec.failNext = new AppError(10001, '支付金额与订单不符');
    expect(await fake.send(notifyUrl(), n)).toEqual({
      status: 500,
      body: { code: 'FAIL', message: '支付金额与订单不符' },
    });
    expect(rec.fulfils).toEqual([]);
    expect((await fake.send(notifyUrl(), n)).status).toBe(200);
    expect(rec.fulfils).toHaveLength(1);
  });

  it('fulfils nothing for a verified notification of an unpaid state', async () => {
    const orderNo = await pendingOrder();
    const n = fake.notifyPaid(orderNo, { resource: { trade_state: 'PAYERROR' } });
    expect((await fake.send(notifyUrl(), n)).status).toBe(200);
    expect(rec.fulfils).toEqual([]);
  });
});

describe('POST /pay/wechat/refund-notify', () => {
  async function refunded() {
    const orderNo = await pendingOrder();
    fake.pay(orderNo);
    const refundNo = `RF${orderNo}`;
    await wechat.pay!.refund({ orderNo, refundNo, amountFen: 600, totalFen: 600, reason: '测试退款' });
    return { orderNo, refundNo };
  }

  it('verifies and decrypts the refund, hands it to completeRefund, then answers 200', async () => {
    const { orderNo, refundNo } = await refunded();
    const res = await fake.send(refundUrl(), fake.notifyRefunded(refundNo));
    expect(res.status).toBe(200);
    expect(rec.refunds).toEqual([
      {
        refundNo,
        orderNo,
        state: 'succeeded',
        refundId: fake.refunds.get(refundNo)!.refund_id,
        raw: { source: 'notification', body: expect.objectContaining({ out_refund_no: refundNo }) },
      },
    ]);
  });

  it('refuses a tampered one, another merchant’s, a stale one, and a payment’s signature replayed there', async () => {
    const { orderNo, refundNo } = await refunded();
    const n = fake.notifyRefunded(refundNo);
    for (const bad of [
      { ...n, body: n.body.replace('退款成功', '退款失败') },
      fake.notifyRefunded(refundNo, { resource: { mchid: '1900000999' } }),
      fake.notifyRefunded(refundNo, { at: clock.now().getTime() - 301_000 }),
      withHeader(n, 'wechatpay-signature', fake.notifyPaid(orderNo).headers['wechatpay-signature']!),
    ]) {
      expect((await fake.send(refundUrl(), bad)).status).toBe(401);
    }
    expect(rec.refunds).toEqual([]);
  });

  it('answers 5xx when completing the refund fails', async () => {
    const { refundNo } = await refunded();
    const failing = { ...callbacks, completeRefund: async () => Promise.reject(new Error('db down')) };
    const scoped = await startTestApp({ clock, env: fake.env('both') });
    try {
      scoped.extend((app) => app.register(wechatRoutes, { prefix: '/t/api/v1', wechat, callbacks: failing }));
      await scoped.listen();
      const res = await fake.send(
        `${scoped.base}/t/api/v1/pay/wechat/refund-notify`,
        fake.notifyRefunded(refundNo),
      );
      expect(res).toEqual({ status: 500, body: { code: 'FAIL', message: '处理失败，请稍后重试' } });
    } finally {
      await scoped.close();
    }
  });
});
