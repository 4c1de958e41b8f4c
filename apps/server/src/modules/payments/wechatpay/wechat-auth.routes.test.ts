import { createVerify } from 'node:crypto';
import type { MiniProgramPayParams, OaOpenId } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechatPay, type FakeWechatPay } from '../../../../test/fake-wechatpay.js';
import { startTestApp, type TestApp } from '../../../../test/helpers.js';
import { expectLedgersBalance } from '../../../../test/money.js';
import { loadConfig } from '../../../config.js';
import { orders } from '../../../db/schema/payments.js';
import { ManualClock } from '../../../platform/clock.js';
import { type PaymentCallbacks, Wechat } from './wechat.js';
import { wechatRoutes } from './wechatpay.routes.js';

/** The OA openid (`GET /wechat/oa/openid`) and the mini-program's pay page (`POST /order/{no}/miniprogram-pay`). */
const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
let fake: FakeWechatPay;
let t: TestApp;
let wechat: Wechat;
let seq = 0;
const callbacks: PaymentCallbacks = {
  fulfil: async () => ({ fulfilled: true }),
  completeRefund: async () => {},
};

beforeAll(async () => {
  fake = await startFakeWechatPay({ now: () => clock.now().getTime() });
  t = await startTestApp({ clock, env: fake.env('public_key') });
  wechat = new Wechat({ config: t.config, db: t.db, clock: t.clock });
  // WeChat unreachable: the same app with WECHAT_API_BASE pointing nowhere.
  const down = new Wechat({
    config: loadConfig({
      NODE_ENV: 'test',
      ...fake.env('public_key'),
      WECHAT_API_BASE: 'http://127.0.0.1:9',
    }),
    db: t.db,
    clock: t.clock,
  });
  t.extend((app) => app.register(wechatRoutes, { prefix: '/t/api/v1', wechat, callbacks }));
  t.extend((app) => app.register(wechatRoutes, { prefix: '/down/api/v1', wechat: down, callbacks }));
  await t.listen();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => expectLedgersBalance(t.db));

describe('GET /wechat/oa/openid', () => {
  it('exchanges the code, binds the openid to the user (a later one replaces it), and answers it', async () => {
    const a = await t.login();
    const b = await t.login();
    fake.oaCodes.set('code-a1', 'o-oa-a1');
    const res = await t.call<OaOpenId>('GET', '/t/api/v1/wechat/oa/openid?code=code-a1', { token: a.token });
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { openid: 'o-oa-a1' } });
    expect(await wechat.oaOpenIdOf(a.user.id)).toBe('o-oa-a1');
    expect(await wechat.oaOpenIdOf(b.user.id)).toBeNull();
    fake.oaCodes.set('code-a2', 'o-oa-a2');
    await t.call('GET', '/t/api/v1/wechat/oa/openid?code=code-a2', { token: a.token });
    expect(await wechat.oaOpenIdOf(a.user.id)).toBe('o-oa-a2');
  });

  it('says a bad or spent code must be authorised again, and binds nothing', async () => {
    const u = await t.login();
    fake.oaCodes.set('code-once', 'o-oa-once');
    await t.call('GET', '/t/api/v1/wechat/oa/openid?code=code-once', { token: u.token });
    for (const code of ['code-once', 'nonsense']) {
      const res = await t.call('GET', `/t/api/v1/wechat/oa/openid?code=${code}`, {
        token: (await t.login()).token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 10001, msg: '微信授权已失效，请重新授权' });
    }
  });

  it('refuses without a login, without a code, with a NUL byte; WeChat down is a message, not a 500', async () => {
    expect((await t.call('GET', '/t/api/v1/wechat/oa/openid?code=x')).body.code).toBe(20003);
    const u = await t.login();
    expect((await t.call('GET', '/t/api/v1/wechat/oa/openid', { token: u.token })).body.code).toBe(10001);
    expect((await t.call('GET', '/t/api/v1/wechat/oa/openid?code=a%00b', { token: u.token })).body.code).toBe(
      10001,
    );
    const down = await t.call('GET', '/down/api/v1/wechat/oa/openid?code=x', { token: u.token });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ code: 10500, msg: '微信服务暂时无法连接，请稍后再试' });
    expect(await wechat.oaOpenIdOf(u.user.id)).toBeNull();
  });
});

describe('POST /order/{order_no}/miniprogram-pay', () => {
  async function order(
    userId: number,
    o: { channel?: string; status?: 'pending' | 'closed' | 'fulfilled' } = {},
  ) {
    const orderNo = `LXMP${Date.now()}${++seq}`;
    await t.db.insert(orders).values({
      orderNo,
      userId,
      kind: 'chips',
      itemId: 'p6',
      title: '600 芯片',
      amountFen: 600,
      chips: 600,
      channel: o.channel ?? 'wechat_miniprogram',
      provider: 'wechatpay',
      status: o.status ?? 'pending',
      idempotencyKey: `k-${orderNo}`,
      expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
    });
    return orderNo;
  }

  it('prepays the order as JSAPI for the mini-program app with the openid of its wx.login code', async () => {
    const u = await t.login();
    const orderNo = await order(u.user.id);
    fake.mpCodes.set('mp-code-1', 'o-mp-1');
    const res = await t.call<MiniProgramPayParams>('POST', `/t/api/v1/order/${orderNo}/miniprogram-pay`, {
      token: u.token,
      body: { code: 'mp-code-1' },
    });
    expect(res.body.code).toBe(0);
    const p = res.body.data;
    const placed = fake.orders.get(orderNo)!;
    expect(placed).toMatchObject({
      appid: fake.mpAppId,
      payer: { openid: 'o-mp-1' },
      amount: { total: 600 },
    });
    expect(p).toMatchObject({ package: `prepay_id=${placed.prepay_id}`, signType: 'RSA' });
    const signed = `${fake.mpAppId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(
      createVerify('RSA-SHA256').update(signed).verify(fake.keys.merchant.publicKey, p.paySign, 'base64'),
    ).toBe(true);
  });

  it("refuses another user's order, another channel, a closed or paid order, a bad code", async () => {
    const owner = await t.login();
    const other = await t.login();
    const cases: [string, string, number][] = [
      [await order(owner.user.id), other.token, 10004],
      [await order(owner.user.id, { channel: 'wechat_native' }), owner.token, 10001],
      [await order(owner.user.id, { status: 'closed' }), owner.token, 10009],
      [await order(owner.user.id, { status: 'fulfilled' }), owner.token, 10009],
      [await order(owner.user.id), owner.token, 10001],
      ['LXNOSUCHORDER01', owner.token, 10004],
    ];
    for (const [orderNo, token, code] of cases) {
      const res = await t.call('POST', `/t/api/v1/order/${orderNo}/miniprogram-pay`, {
        token,
        body: { code: 'bad' },
      });
      expect({ orderNo, code: res.body.code }).toEqual({ orderNo, code });
    }
    const wrongType = await t.call('POST', `/t/api/v1/order/${cases[0]![0]}/miniprogram-pay`, {
      token: owner.token,
      body: { code: 42 },
    });
    expect(wrongType.body.code).toBe(10001);
  });
});
