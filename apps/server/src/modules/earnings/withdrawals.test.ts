import { randomUUID } from 'node:crypto';
import type { EarningRecord, Page, Withdrawal, WithdrawalRules } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance, setSettings } from '../../../test/money.js';

let t: TestApp;

beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});
afterAll(async () => {
  await t?.close();
});

const give = (userId: number, fen: number) =>
  t.modules.wallet.earnings.apply({
    userId,
    delta: fen,
    reason: 'commission',
    idempotencyKey: `test:${randomUUID()}`,
  });
const balances = (userId: number) => t.modules.wallet.earnings.balances(userId);
const form = (o: Record<string, unknown> = {}) => ({
  amount_fen: 1000,
  channel: 'wechat',
  account: '13812345678',
  real_name: '张三',
  ...o,
});
const withdraw = (token: string, body: unknown, key: string | null = randomUUID()) =>
  t.call<Withdrawal>('POST', '/api/v1/withdrawal', {
    token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
const mine = async (token: string) =>
  (await t.call<Page<Withdrawal>>('GET', '/api/v1/withdrawal', { token })).body.data.list;
const rules = async (token: string) =>
  (await t.call<WithdrawalRules>('GET', '/api/v1/withdrawal/rules', { token })).body.data;

/** A user with `fen` of available earnings. */
async function earner(fen: number) {
  const u = await t.login();
  if (fen) await give(u.user.id, fen);
  return u;
}

describe('POST /api/v1/withdrawal', () => {
  it('freezes the amount and answers the request with the account and name masked', async () => {
    const { token, user } = await earner(5000);
    const res = await withdraw(
      token,
      form({ amount_fen: 1200, account: ' 13812345678 ', real_name: ' 张三 ' }),
    );
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        amount_fen: 1200,
        fee_fen: 0,
        net_fen: 1200,
        channel: 'wechat',
        account: '138****5678',
        real_name: '*三',
        status: 'pending',
        reason: null,
        reference: null,
      },
    });
    expect(await balances(user.id)).toEqual({ earnings: 3800, frozen: 1200, debt: 0 });
    const alipay = await withdraw(
      token,
      form({ channel: 'alipay', account: 'abc.de@qq.com', real_name: '欧阳娜娜' }),
    );
    expect(alipay.body.data).toMatchObject({ account: 'a***@qq.com', real_name: '***娜' });
    expect((await mine(token)).map((w) => w.id)).toEqual([alipay.body.data.id, res.body.data.id]);
    expect(await rules(token)).toMatchObject({ today_requested_fen: 2200 });

    const records = await t.call<Page<EarningRecord>>('GET', '/api/v1/earnings/record', { token });
    expect(records.body.data.list.map((r) => [r.title, r.delta_fen, r.balance_after_fen])).toEqual([
      ['提现', -1000, 2800],
      ['提现', -1200, 3800],
      ['邀请佣金', 5000, 5000],
    ]);
  });

  it('states the rules: minimum, daily maximum, fee, and what I requested today (China time)', async () => {
    const { token } = await earner(0);
    expect(await rules(token)).toEqual({
      min_fen: 1000,
      daily_max_fen: 200_000,
      fee_permille: 0,
      fee_min_fen: 0,
      today_requested_fen: 0,
    });
  });

  it('refuses below the minimum, above the daily maximum and above the earnings, each saying why, freezing nothing', async () => {
    const { token, user } = await earner(3000);
    const low = await withdraw(token, form({ amount_fen: 999 }));
    expect(low.body).toMatchObject({
      code: 10001,
      msg: '单笔提现金额至少¥10.00',
      data: { field: 'amount_fen' },
    });

    const more = await withdraw(token, form({ amount_fen: 3001 }));
    expect(more.body).toMatchObject({ code: 10009, msg: '可提现收益不足' });
    expect(await balances(user.id)).toEqual({ earnings: 3000, frozen: 0, debt: 0 });
    expect(await mine(token)).toEqual([]);

    await setSettings(t.db, t.modules.settings, { withdrawal_daily_max_fen: 2500 });
    try {
      expect((await withdraw(token, form({ amount_fen: 1500 }))).body.code).toBe(0);
      const over = await withdraw(token, form({ amount_fen: 1001 }));
      expect(over.body).toMatchObject({ code: 10001, msg: '超出每日提现上限¥25.00，今日还可申请¥10.00' });
      expect((await withdraw(token, form({ amount_fen: 1000 }))).body.code).toBe(0);
      expect(await balances(user.id)).toEqual({ earnings: 500, frozen: 2500, debt: 0 });
      // The next day (China time) starts afresh: 08:00 UTC + 16 h is midnight in China.
      t.clock.advance(16 * 3600_000);
      expect(await rules(token)).toMatchObject({ today_requested_fen: 0, daily_max_fen: 2500 });
    } finally {
      await setSettings(t.db, t.modules.settings, { withdrawal_daily_max_fen: 200_000 });
    }
  });

  it('takes the fee from settings: per-mille rounded down, at least the minimum, and never the whole amount', async () => {
    const { token } = await earner(30_000);
    await setSettings(t.db, t.modules.settings, {
      withdrawal_fee_permille: 6,
      withdrawal_fee_min_fen: 100,
    });
    try {
      expect((await withdraw(token, form({ amount_fen: 1000 }))).body.data).toMatchObject({
        fee_fen: 100,
        net_fen: 900,
      });
      expect((await withdraw(token, form({ amount_fen: 5003 }))).body.data).toMatchObject({ fee_fen: 100 });
      expect((await withdraw(token, form({ amount_fen: 20_399 }))).body.data).toMatchObject({
        fee_fen: 122,
        net_fen: 20_277,
      });
      expect(await rules(token)).toMatchObject({ fee_permille: 6, fee_min_fen: 100 });
      await setSettings(t.db, t.modules.settings, { withdrawal_fee_min_fen: 1000 });
      const whole = await withdraw(token, form({ amount_fen: 1000 }));
      expect(whole.body).toMatchObject({ code: 10001, msg: '提现金额须大于手续费¥10.00' });
    } finally {
      await setSettings(t.db, t.modules.settings, {
        withdrawal_fee_permille: 0,
        withdrawal_fee_min_fen: 0,
      });
    }
  });

  it('refuses bad input with 10001 and a Chinese message, writing nothing', async () => {
    const { token, user } = await earner(5000);
    const cases: [unknown, string][] = [
      [form({ real_name: 'Tom' }), '请填写收款账号的实名（2-32个汉字）'],
      [form({ real_name: '张' }), '请填写收款账号的实名（2-32个汉字）'],
      [form({ account: '12345' }), '请填写正确的微信号或手机号'],
      [form({ channel: 'alipay', account: 'wxid_abcdef' }), '请填写正确的支付宝账号（手机号或邮箱）'],
      [form({ channel: 'bank' }), '请选择提现方式'],
      [form({ account: '138123\u00005678' }), ''],
      [form({ real_name: '张\ud800三' }), ''],
      [form({ amount_fen: '1000' }), ''],
      [form({ amount_fen: 1000.5 }), '金额须为整数分'],
      [form({ amount_fen: -1000 }), ''],
      [form({ amount_fen: 1e12 }), '单笔提现金额过大'],
      [{ amount_fen: 1000 }, ''],
      ['not json', ''],
    ];
    for (const [body, msg] of cases) {
      const res = await withdraw(token, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(10001);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    for (const key of [null, 'short', 'x'.repeat(65), 'has space!']) {
      const res = await withdraw(token, form(), key);
      expect(res.body.code, String(key)).toBe(10001);
      expect(res.body.msg).toMatch(/Idempotency-Key/);
    }
    expect(await balances(user.id)).toEqual({ earnings: 5000, frozen: 0, debt: 0 });
    expect(await mine(token)).toEqual([]);
  });

  it('gives the same withdrawal back for the same key (10 at once: one), and refuses another request under it', async () => {
    const { token, user } = await earner(5000);
    const key = `key-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(token, form(), key)));
    for (const r of results) expect(r.body.code).toBe(0);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await balances(user.id)).toEqual({ earnings: 4000, frozen: 1000, debt: 0 });
    expect(await mine(token)).toHaveLength(1);

    const other = await withdraw(token, form({ amount_fen: 2000 }), key);
    expect(other.body).toMatchObject({ code: 10009 });
    expect(await balances(user.id)).toEqual({ earnings: 4000, frozen: 1000, debt: 0 });
    // The key is the user's own: another user's same key is another request.
    const b = await earner(1000);
    expect((await withdraw(b.token, form(), key)).body.code).toBe(0);
  });

  it('lets 20 concurrent requests exceeding the earnings through only as far as they fit', async () => {
    const { token, user } = await earner(5500);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(token, form())));
    const ok = results.filter((r) => r.body.code === 0);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((r) => r.body.code !== 0))
      expect(r.body).toMatchObject({ code: 10009, msg: '可提现收益不足' });
    expect(await balances(user.id)).toEqual({ earnings: 500, frozen: 5000, debt: 0 });
    expect(await mine(token)).toHaveLength(5);
  });

  it('holds the daily maximum under 20 concurrent requests', async () => {
    const { token, user } = await earner(50_000);
    await setSettings(t.db, t.modules.settings, { withdrawal_daily_max_fen: 3500 });
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(token, form())));
      expect(results.filter((r) => r.body.code === 0)).toHaveLength(3);
      expect(await balances(user.id)).toEqual({ earnings: 47_000, frozen: 3000, debt: 0 });
    } finally {
      await setSettings(t.db, t.modules.settings, { withdrawal_daily_max_fen: 200_000 });
    }
  });

  it('shows nobody else my withdrawals or records, and nothing without a login', async () => {
    const a = await earner(2000);
    await withdraw(a.token, form());
    const b = await earner(0);
    expect(await mine(b.token)).toEqual([]);
    const records = await t.call<Page<EarningRecord>>('GET', '/api/v1/earnings/record', { token: b.token });
    expect(records.body.data.list).toEqual([]);
    for (const path of ['/api/v1/withdrawal', '/api/v1/withdrawal/rules', '/api/v1/earnings/record'])
      expect((await t.call('GET', path)).body.code).toBe(20003);
    expect((await withdraw('', form())).body.code).toBe(20003);
  });

  it('pages my records and withdrawals by cursor', async () => {
    const { token } = await earner(5000);
    for (let i = 0; i < 3; i++) await withdraw(token, form());
    const first = await t.call<Page<Withdrawal>>('GET', '/api/v1/withdrawal?limit=2', { token });
    expect(first.body.data.list).toHaveLength(2);
    const next = await t.call<Page<Withdrawal>>(
      'GET',
      `/api/v1/withdrawal?limit=2&cursor=${first.body.data.next_cursor}`,
      { token },
    );
    expect(next.body.data.list).toHaveLength(1);
    expect(next.body.data.next_cursor).toBeNull();
    const bad = await t.call('GET', '/api/v1/earnings/record?cursor=nonsense', { token });
    expect(bad.body.code).toBe(10001);
  });
});
