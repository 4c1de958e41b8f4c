import type { CreatedOrder, Order, UserInfo } from '@lingxi/contract';
import { ManualClock } from '../src/platform/clock.js';
import { startFakeWechatPay, type FakeNotification, type FakeWechatPay } from './fake-wechatpay.js';
import { startTestApp, type TestApp } from './helpers.js';
import { placeOrder } from './payments.js';

/**
 * The real app with WeChat Pay only (no sandbox), pointed at the fake WeChat Pay in one key mode, both on real
 * sockets. `at`: the file's clock, far from other files' clocks (the orders sweep closes every expired order of
 * the shared database).
 */
export async function startWechatPayApp(mode: 'public_key' | 'platform_cert', at: Date) {
  const clock = new ManualClock(at);
  const fake = await startFakeWechatPay({ now: () => clock.now().getTime() });
  fake.signWith = mode;
  const t = await (
    await startTestApp({ clock, env: { ...fake.env(mode), PAY_SANDBOX: 'false', JOBS_WORKER: 'false' } })
  ).listen();
  return { t, fake };
}

/** What a test of the real app through the fake needs, bound to one app and fake. */
export function wechatPayCalls(get: () => { t: TestApp; fake: FakeWechatPay }) {
  const calls = {
    me: async (token: string) => {
      const { t } = get();
      return (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
    },
    order: async (token: string, no: string) => {
      const { t } = get();
      return (await t.call<Order>('GET', `/api/v1/order/${no}`, { token })).body.data;
    },
    /** POST /order with a WeChat channel; throws unless it was accepted. */
    place: async (token: string, channel: string, itemId = 'c600', kind: 'chips' | 'vip' = 'chips') => {
      const res = await placeOrder(get().t, token, { kind, item_id: itemId, channel });
      if (res.body.code !== 0) throw new Error(`order refused: ${res.body.code} ${res.body.msg}`);
      return res.body.data as CreatedOrder;
    },
    /** Posts a notification to the app's real payment (or refund) notification URL. */
    notify: (n: FakeNotification, kind: 'notify' | 'refund-notify' = 'notify') => {
      const { t, fake } = get();
      return fake.send(`${t.base}/api/v1/pay/wechat/${kind}`, n);
    },
  };
  return calls;
}
