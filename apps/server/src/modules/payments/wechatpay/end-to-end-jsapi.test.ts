import type { MiniProgramPayParams, PayAction } from '@lingxi/contract';
import { createVerify } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wechatOpenIds } from '../../../db/schema/payments.js';
import type { FakeWechatPay } from '../../../../test/fake-wechatpay.js';
import type { TestApp } from '../../../../test/helpers.js';
import { expectLedgersBalance } from '../../../../test/money.js';
import { placeOrder } from '../../../../test/payments.js';
import { startWechatPayApp, wechatPayCalls } from '../../../../test/wechatpay-e2e.js';

/**
 * WeChat Pay end to end inside WeChat and on mobile browsers (public-key mode): H5, JSAPI with the OA openid
 * bound through the real route, and the host mini-program's pay page. Clock 2043: no other file's sweep
 * reaches these orders.
 */
let t: TestApp;
let fake: FakeWechatPay;
let seq = 0;
const { me, order, place, notify } = wechatPayCalls(() => ({ t, fake }));

beforeAll(async () => {
  ({ t, fake } = await startWechatPayApp('public_key', new Date('2043-03-01T08:00:00Z')));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});

/** The merchant's signature of `appId\ntimeStamp\nnonceStr\npackage\n`, checked with its public key. */
const paySignValid = (appId: string, p: Omit<MiniProgramPayParams, 'appId'>) =>
  createVerify('RSA-SHA256')
    .update(`${appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
    .verify(fake.keys.merchant.publicKey, p.paySign, 'base64');

async function bindOa(token: string, openid: string) {
  const code = `oa-code-${++seq}`;
  fake.oaCodes.set(code, openid);
  return t.call('GET', `/api/v1/wechat/oa/openid?code=${code}`, { token });
}

describe('H5', () => {
  it('gives the h5_url with the payer’s IP, and the notification fulfils', async () => {
    const { token, user } = await t.login();
    const res = await placeOrder(
      t,
      token,
      { kind: 'chips', item_id: 'c600', channel: 'wechat_h5' },
      `h5-${Date.now()}-${++seq}`,
    );
    expect(res.body.code).toBe(0);
    const placed = fake.orders.get(res.body.data.order_no)!;
    expect(placed).toMatchObject({ trade_type: 'MWEB', scene_info: { h5_info: { type: 'Wap' } } });
    expect(placed.scene_info!.payer_client_ip).toBeTruthy();
    expect(res.body.data.pay).toEqual({
      channel: 'wechat_h5',
      h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${placed.prepay_id}`,
    });
    expect((await notify(fake.notifyPaid(res.body.data.order_no))).status).toBe(200);
    expect((await me(token)).chips).toBe(user.chips + 600);
  });
});

describe('JSAPI', () => {
  it('binds the OA openid, then gives getBrandWCPayRequest params whose paySign verifies', async () => {
    const { token, user } = await t.login();
    const bound = await bindOa(token, 'o-oa-payer-1');
    expect(bound.body).toMatchObject({ code: 0, data: { openid: 'o-oa-payer-1' } });
    const created = await place(token, 'wechat_jsapi', 'c3200');
    const placed = fake.orders.get(created.order_no)!;
    expect(placed).toMatchObject({
      trade_type: 'JSAPI',
      appid: fake.appId,
      payer: { openid: 'o-oa-payer-1' },
    });
    const pay = created.pay as Extract<PayAction, { channel: 'wechat_jsapi' }>;
    expect(pay.params).toMatchObject({
      appId: fake.appId,
      package: `prepay_id=${placed.prepay_id}`,
      signType: 'RSA',
    });
    expect(paySignValid(fake.appId, pay.params)).toBe(true);
    expect(paySignValid(fake.mpAppId, pay.params)).toBe(false);
    expect((await notify(fake.notifyPaid(created.order_no))).status).toBe(200);
    expect((await order(token, created.order_no)).status).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 3200);
  });

  it('pays with the openid of the payment’s app, not a later one of another app', async () => {
    const { token, user } = await t.login();
    expect((await bindOa(token, 'o-oa-payer-2')).body.code).toBe(0);
    // An openid of another app of ours (e.g. the mini-program), bound later.
    await t.db.insert(wechatOpenIds).values({
      userId: user.id,
      appId: fake.mpAppId,
      openid: 'o-mp-of-another-app',
      updatedAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const created = await place(token, 'wechat_jsapi');
    expect(fake.orders.get(created.order_no)!.payer).toEqual({ openid: 'o-oa-payer-2' });
  });

  it('refuses clearly without an OA openid (one of another app does not count), placing nothing', async () => {
    const { token, user } = await t.login();
    await t.db.insert(wechatOpenIds).values({
      userId: user.id,
      appId: fake.mpAppId,
      openid: 'o-mp-only',
      updatedAt: t.clock.now(),
    });
    const before = fake.orders.size;
    const res = await placeOrder(t, token, { kind: 'chips', item_id: 'c600', channel: 'wechat_jsapi' });
    expect(res.body).toMatchObject({ code: 10001, msg: '请先在微信中授权登录后再支付' });
    expect(fake.orders.size).toBe(before);
  });

  it('refuses a spent OA code and another user’s code replay; the openid stays the first', async () => {
    const { token } = await t.login();
    const code = `oa-code-${++seq}`;
    fake.oaCodes.set(code, 'o-oa-once');
    expect((await t.call('GET', `/api/v1/wechat/oa/openid?code=${code}`, { token })).body.code).toBe(0);
    const other = await t.login();
    const again = await t.call('GET', `/api/v1/wechat/oa/openid?code=${code}`, { token: other.token });
    expect(again.body).toMatchObject({ code: 10001, msg: '微信授权已失效，请重新授权' });
    expect(
      (await placeOrder(t, other.token, { kind: 'chips', item_id: 'c600', channel: 'wechat_jsapi' })).body
        .code,
    ).toBe(10001);
  });
});

describe('the mini-program', () => {
  it('orders with a path to the pay page, which gets JSAPI params for its app; the notification fulfils', async () => {
    const { token, user } = await t.login();
    const created = await place(token, 'wechat_miniprogram');
    expect(created.pay).toEqual({
      channel: 'wechat_miniprogram',
      path: `/pages/pay/pay?order_no=${created.order_no}`,
    });
    // Nothing at WeChat Pay yet; the poll meanwhile says pending.
    expect(fake.orders.has(created.order_no)).toBe(false);
    expect((await order(token, created.order_no)).status).toBe('pending');
    fake.mpCodes.set(`mp-code-${++seq}`, 'o-mp-payer');
    const res = await t.call<MiniProgramPayParams>(
      'POST',
      `/api/v1/order/${created.order_no}/miniprogram-pay`,
      {
        token,
        body: { code: `mp-code-${seq}` },
      },
    );
    expect(res.body.code).toBe(0);
    const placed = fake.orders.get(created.order_no)!;
    expect(placed).toMatchObject({
      trade_type: 'JSAPI',
      appid: fake.mpAppId,
      payer: { openid: 'o-mp-payer' },
    });
    expect(res.body.data).not.toHaveProperty('appId');
    expect(res.body.data).toMatchObject({ package: `prepay_id=${placed.prepay_id}`, signType: 'RSA' });
    expect(paySignValid(fake.mpAppId, res.body.data)).toBe(true);
    // Another user cannot ask for it.
    const other = await t.login();
    fake.mpCodes.set(`mp-code-${++seq}`, 'o-mp-other');
    const stolen = await t.call('POST', `/api/v1/order/${created.order_no}/miniprogram-pay`, {
      token: other.token,
      body: { code: `mp-code-${seq}` },
    });
    expect(stolen.body.code).toBe(10004);
    expect((await notify(fake.notifyPaid(created.order_no))).status).toBe(200);
    expect((await order(token, created.order_no)).status).toBe('fulfilled');
    expect((await me(token)).chips).toBe(user.chips + 600);
  });
});
