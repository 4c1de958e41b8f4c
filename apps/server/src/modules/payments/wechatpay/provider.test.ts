import { createVerify, generateKeyPairSync } from 'node:crypto';
import { ErrorCode } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechatPay, type FakeWechatPay } from '../../../../test/fake-wechatpay.js';
import { loadConfig } from '../../../config.js';
import { ManualClock } from '../../../platform/clock.js';
import type { ProviderOrder } from '../provider.js';
import { WechatPayError } from './client.js';
import { WechatPayProvider } from './provider.js';

const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
let fake: FakeWechatPay;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeWechatPay({ now: () => clock.now().getTime() });
});
afterAll(() => fake.close());

const providerFor = (mode: 'public_key' | 'platform_cert' | 'both', env: Record<string, string> = {}) => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://lingxi.example',
    ...fake.env(mode),
    ...env,
  });
  return new WechatPayProvider(config.wechat.pay!, clock);
};

const order = (channel: ProviderOrder['channel'], extra: Partial<ProviderOrder> = {}): ProviderOrder => ({
  orderNo: `LX${Date.now()}${++seq}`,
  amountFen: 1990,
  description: '灵犀 月度会员',
  channel,
  expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
  clientIp: '203.0.113.7',
  ...extra,
});

const lastRequest = () => fake.requests.at(-1)!;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('should have failed'),
    (e: unknown) => e,
  );

describe.each(['public_key', 'platform_cert'] as const)('WeChat Pay provider, %s mode', (mode) => {
  beforeAll(() => {
    fake.signWith = mode;
  });

  it('creates a Native order: the signed request is accepted and the code_url comes back', async () => {
    const p = providerFor(mode);
    const o = order('wechat_native');
    const pay = await p.create(o);
    expect(pay).toEqual({ channel: 'wechat_native', code_url: expect.stringMatching(/^weixin:\/\/wxpay\//) });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      signatureValid: true,
    });
    expect(fake.orders.get(o.orderNo)).toMatchObject({
      appid: fake.appId,
      mchid: fake.mchId,
      amount: { total: 1990, currency: 'CNY' },
      notify_url: 'https://lingxi.example/api/v1/pay/wechat/notify',
      time_expire: '2026-11-21T16:30:00+08:00',
      description: '灵犀 月度会员',
    });
  });

  it('creates an H5 order with the payer IP and the Wap scene', async () => {
    const o = order('wechat_h5');
    const pay = await providerFor(mode).create(o);
    expect(pay).toMatchObject({ channel: 'wechat_h5', h5_url: expect.stringContaining('prepay_id=') });
    expect(fake.orders.get(o.orderNo)?.scene_info).toEqual({
      payer_client_ip: '203.0.113.7',
      h5_info: { type: 'Wap' },
    });
  });

  it('creates a JSAPI order and answers getBrandWCPayRequest parameters signed by the merchant', async () => {
    const o = order('wechat_jsapi', { openid: 'o-payer-1' });
    const pay = await providerFor(mode).create(o);
    if (pay.channel !== 'wechat_jsapi') throw new Error('not jsapi');
    const prepay = fake.orders.get(o.orderNo)!.prepay_id;
    expect(pay.params).toMatchObject({ appId: fake.appId, package: `prepay_id=${prepay}`, signType: 'RSA' });
    expect(pay.params.timeStamp).toBe(String(clock.now().getTime() / 1000));
    const { appId, timeStamp, nonceStr, package: pkg, paySign } = pay.params;
    const verified = createVerify('RSA-SHA256')
      .update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      .verify(fake.keys.merchant.publicKey, paySign, 'base64');
    expect(verified).toBe(true);
    expect(fake.orders.get(o.orderNo)?.payer).toEqual({ openid: 'o-payer-1' });
  });

  it('refuses JSAPI without an openid, and answers the mini-program path without calling WeChat', async () => {
    const p = providerFor(mode);
    const e = await failure(p.create(order('wechat_jsapi')));
    expect(e).toMatchObject({ code: ErrorCode.BAD_REQUEST, message: '请在微信内打开并授权后再支付' });
    const before = fake.requests.length;
    const o = order('wechat_miniprogram');
    expect(await p.create(o)).toEqual({
      channel: 'wechat_miniprogram',
      path: `/pages/pay/pay?order_no=${o.orderNo}`,
    });
    expect(fake.requests.length).toBe(before);
  });

  it('queries: pending, then paid with the amount, merchant and app; never created → pending', async () => {
    const p = providerFor(mode);
    const o = order('wechat_native');
    await p.create(o);
    expect(await p.query(o.orderNo)).toMatchObject({ orderNo: o.orderNo, state: 'pending' });
    expect(lastRequest().path).toBe(`/v3/pay/transactions/out-trade-no/${o.orderNo}?mchid=${fake.mchId}`);
    const paid = fake.pay(o.orderNo);
    expect(await p.query(o.orderNo)).toEqual({
      orderNo: o.orderNo,
      state: 'paid',
      transactionId: paid.transaction_id,
      amountFen: 1990,
      mchId: fake.mchId,
      appId: fake.appId,
      paidAt: clock.now(),
      // What WeChat Pay answered, kept on the order for the operators.
      raw: {
        source: 'query',
        body: expect.objectContaining({ out_trade_no: o.orderNo, trade_state: 'SUCCESS' }),
      },
    });
    expect(await p.query('LXNEVERCREATED1')).toEqual({ orderNo: 'LXNEVERCREATED1', state: 'pending' });
  });

  it('closes an unpaid order; a paid one answers ORDERPAID (10009)', async () => {
    const p = providerFor(mode);
    const o = order('wechat_native');
    await p.create(o);
    await p.close(o.orderNo);
    expect(fake.orders.get(o.orderNo)?.trade_state).toBe('CLOSED');
    expect(await p.query(o.orderNo)).toMatchObject({ state: 'closed' });
    await p.close('LXNEVERCREATED2');
    const paid = order('wechat_native');
    await p.create(paid);
    fake.pay(paid.orderNo);
    const e = await failure(p.close(paid.orderNo));
    expect(e).toBeInstanceOf(WechatPayError);
    expect(e).toMatchObject({ wechatCode: 'ORDERPAID', code: ErrorCode.CONFLICT, message: '该订单已支付' });
  });

  it('refunds a paid order in full', async () => {
    const p = providerFor(mode);
    const o = order('wechat_native');
    await p.create(o);
    fake.pay(o.orderNo);
    const r = await p.refund({
      orderNo: o.orderNo,
      refundNo: `RF${o.orderNo}`,
      amountFen: 1990,
      totalFen: 1990,
      reason: '用户申请',
    });
    expect(r).toEqual({
      refundNo: `RF${o.orderNo}`,
      orderNo: o.orderNo,
      state: 'processing',
      refundId: fake.refunds.get(`RF${o.orderNo}`)!.refund_id,
      raw: { source: 'answer', body: expect.objectContaining({ out_refund_no: `RF${o.orderNo}` }) },
    });
    expect(fake.refunds.get(`RF${o.orderNo}`)).toMatchObject({
      notify_url: 'https://lingxi.example/api/v1/pay/wechat/refund-notify',
      amount: { refund: 1990, total: 1990 },
    });
  });

  it('rejects an answer whose body was changed after WeChat Pay signed it', async () => {
    const p = providerFor(mode);
    fake.tamperNextResponse();
    const e = await failure(p.create(order('wechat_native')));
    expect(e).toMatchObject({ wechatCode: 'BAD_RESPONSE_SIGNATURE', code: ErrorCode.INTERNAL });
    expect((e as WechatPayError).message).toBe('微信支付暂时不可用，请稍后再试');
  });
});

describe('WeChat Pay provider: keys and failures', () => {
  it('rejects answers signed with a key it was not configured with; both modes take either', async () => {
    fake.signWith = 'platform_cert';
    const e = await failure(providerFor('public_key').create(order('wechat_native')));
    expect(e).toMatchObject({ wechatCode: 'BAD_RESPONSE_SIGNATURE', detail: 'unknown' });
    for (const signWith of ['platform_cert', 'public_key'] as const) {
      fake.signWith = signWith;
      await expect(providerFor('both').create(order('wechat_native'))).resolves.toMatchObject({
        channel: 'wechat_native',
      });
    }
  });

  it("a request signed with another merchant key is refused by WeChat Pay, in the user's words", async () => {
    fake.signWith = 'public_key';
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const e = await failure(
      providerFor('public_key', { WECHATPAY_MCH_PRIVATE_KEY: other.toString() }).create(
        order('wechat_native'),
      ),
    );
    expect(lastRequest().signatureValid).toBe(false);
    expect(e).toMatchObject({ wechatCode: 'SIGN_ERROR', message: '微信支付签名校验失败，请联系客服' });
  });

  it("maps WeChat Pay's errors and an unreachable server to AppErrors", async () => {
    fake.failNext(500, 'SYSTEM_ERROR', '系统错误');
    await expect(providerFor('public_key').create(order('wechat_native'))).rejects.toMatchObject({
      code: ErrorCode.INTERNAL,
      message: '微信支付暂时不可用，请稍后再试',
    });
    fake.failNext(429, 'FREQUENCY_LIMITED', '频率超限');
    await expect(providerFor('public_key').query('LXANY0001')).rejects.toMatchObject({
      code: ErrorCode.RATE_LIMITED,
    });
    const down = providerFor('public_key', { WECHATPAY_BASE_URL: 'http://127.0.0.1:9' });
    await expect(down.create(order('wechat_native'))).rejects.toMatchObject({
      wechatCode: 'NETWORK',
      message: '微信支付暂时不可用，请稍后再试',
    });
  });
});
