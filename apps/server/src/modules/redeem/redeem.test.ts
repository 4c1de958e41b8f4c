import type { ChipRecord, Page, RedeemResult, UserInfo } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance, setSettings } from '../../../test/money.js';
import { adminToken, makeBatch } from '../../../test/redeem.js';
import { notices } from '../../db/schema/notices.js';

/** docs/money.md, Redeem codes: a user redeems a code, once, under any concurrency. */
let t: TestApp;
let admin: string;
let bonus: number;
const LIMITS = { redeem_failures_per_user_hour: 10, redeem_failures_per_ip_hour: 30 };
beforeAll(async () => {
  t = await (await startTestApp()).listen();
  admin = await adminToken(t);
  bonus = (await t.call<{ signup_bonus: number }>('GET', '/api/v1/setting')).body.data.signup_bonus;
});
afterAll(() => t?.close());
afterEach(async () => {
  await expectLedgersBalance(t.db);
  await setSettings(t.db, t.modules.settings, LIMITS);
});

const redeem = (token: string, code: unknown, ip = randomIp()) =>
  t.call<RedeemResult>('POST', '/api/v1/redeem', { token, ip, body: { code } });
const me = async (token: string) => (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
/** Lets the failure limits out of the way of a test about something else. */
const noLimits = () =>
  setSettings(t.db, t.modules.settings, {
    redeem_failures_per_user_hour: 1000,
    redeem_failures_per_ip_hour: 1000,
  });

describe('redeeming a code', () => {
  it('credits chips once, typed in any case with spaces and dashes, with a record and a notice', async () => {
    const { codes } = await makeBatch(t, admin, { value: 120 });
    const u = await t.login();
    const code = codes[0]!;
    const typed = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4, 9)} ${code.slice(9)} `;
    const res = await redeem(u.token, typed);
    expect(res.body).toMatchObject({
      code: 0,
      data: { kind: 'chips', value: 120, chips: bonus + 120, vip_expires_at: null },
    });
    expect((await me(u.token)).chips).toBe(bonus + 120);
    const records = await t.call<Page<ChipRecord>>('GET', '/api/v1/chip/record', { token: u.token });
    expect(records.body.data.list[0]).toMatchObject({ delta: 120, reason: 'redeem' });
    const rows = await t.db.select().from(notices).where(eq(notices.userId, u.user.id));
    expect(rows.map((n) => n.title)).toEqual(['兑换成功']);

    const again = await redeem(u.token, code);
    expect(again.body).toMatchObject({ code: 10009, msg: '兑换码已被使用' });
    expect((await me(u.token)).chips).toBe(bonus + 120);
  });

  it('grants VIP days as the monthly tier, with its first monthly grant', async () => {
    const { codes } = await makeBatch(t, admin, { kind: 'vip_days', value: 7 });
    const u = await t.login();
    const res = await redeem(u.token, codes[0]);
    expect(res.body.code).toBe(0);
    const expires = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
    expect(res.body.data).toEqual({
      kind: 'vip_days',
      value: 7,
      chips: bonus + 300,
      vip_expires_at: expires,
    });
    expect(await me(u.token)).toMatchObject({ is_vip: true, vip_expires_at: expires, chips: bonus + 300 });
    const status = await t.modules.wallet.membership.status(u.user.id, t.db);
    expect(status?.tier).toBe('month');

    // A second batch extends from the expiry; no second grant within the cycle.
    const more = await makeBatch(t, admin, { kind: 'vip_days', value: 3 });
    const res2 = await redeem(u.token, more.codes[0]);
    expect(res2.body.data).toMatchObject({
      chips: bonus + 300,
      vip_expires_at: new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString(),
    });
  });

  it('says what is wrong: unknown, used, expired, disabled, one per batch', async () => {
    const u = await t.login();
    const other = await t.login();
    expect((await redeem(u.token, 'ABCDEFGHJKMNPQ')).body).toMatchObject({
      code: 10004,
      msg: '兑换码不存在，请检查后重新输入',
    });
    expect((await redeem(u.token, '兑换码')).body).toMatchObject({ code: 10004 });

    const { batch, codes } = await makeBatch(t, admin, { quantity: 3 });
    expect((await redeem(other.token, codes[0])).body.code).toBe(0);
    expect((await redeem(u.token, codes[0])).body).toMatchObject({ code: 10009, msg: '兑换码已被使用' });
    expect((await redeem(u.token, codes[1])).body.code).toBe(0);
    expect((await redeem(u.token, codes[2])).body).toMatchObject({
      code: 10009,
      msg: '每批兑换码每人限兑一次，你已兑换过同批次的兑换码',
    });

    const disabled = await makeBatch(t, admin);
    const off = await t.call('POST', `/api/v1/admin/redeem/batch/${disabled.batch.id}/disable`, {
      token: admin,
    });
    expect(off.body.code).toBe(0);
    expect((await redeem(u.token, disabled.codes[0])).body).toMatchObject({
      code: 10009,
      msg: '兑换码已失效',
    });

    const soon = await makeBatch(t, admin, {
      expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    t.clock.advance(60_000);
    expect((await redeem(u.token, soon.codes[0])).body).toMatchObject({ code: 10009, msg: '兑换码已过期' });
    expect(batch.used_count).toBe(0);
  });

  it('refuses bad input with 10001 and counts nothing', async () => {
    const u = await t.login();
    for (const code of ['AB\u0000CD', 123, null, '', '   ', '- -', 'x'.repeat(65)]) {
      const res = await redeem(u.token, code);
      expect(res.body.code, JSON.stringify(code)).toBe(10001);
    }
    // Named as the form names it: this `code` is a redeem code, not an SMS code.
    expect((await redeem(u.token, 'AB\u0000CD')).body.msg).toBe('兑换码含有无效字符');
    const missing = await t.call('POST', '/api/v1/redeem', { token: u.token, body: {} });
    expect(missing.body.code).toBe(10001);
    expect((await t.call('POST', '/api/v1/redeem', { body: { code: 'X' } })).body.code).toBe(20003);
  });
});

describe('under concurrency', () => {
  it('50 users redeeming one code at once: one gets it', async () => {
    const { codes } = await makeBatch(t, admin, { quantity: 1, value: 77 });
    const users = await Promise.all(Array.from({ length: 50 }, () => t.login()));
    const results = await Promise.all(users.map((u) => redeem(u.token, codes[0])));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 10009)).toHaveLength(49);
    const chips = await Promise.all(users.map(async (u) => (await me(u.token)).chips));
    expect(chips.filter((c) => c === bonus + 77)).toHaveLength(1);
  });

  it('one user redeeming one code 20 times at once: once', async () => {
    await noLimits();
    const { codes } = await makeBatch(t, admin, { quantity: 1, value: 33 });
    const u = await t.login();
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(u.token, codes[0])));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect((await me(u.token)).chips).toBe(bonus + 33);
  });

  it('one user redeeming 10 codes of one batch at once: one', async () => {
    await noLimits();
    const { codes } = await makeBatch(t, admin, { quantity: 10, value: 11 });
    const u = await t.login();
    const results = await Promise.all(codes.map((c) => redeem(u.token, c)));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(r.body).toMatchObject({ code: 10009, msg: '每批兑换码每人限兑一次，你已兑换过同批次的兑换码' });
    }
    expect((await me(u.token)).chips).toBe(bonus + 11);
  });
});

describe('the failure limits', () => {
  it('per user: after the limit, even a good code waits; an hour later it works', async () => {
    await setSettings(t.db, t.modules.settings, { redeem_failures_per_user_hour: 3 });
    const { codes } = await makeBatch(t, admin, {
      expires_at: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    const u = await t.login();
    for (let i = 0; i < 3; i++) expect((await redeem(u.token, `WRONG${i}`)).body.code).toBe(10004);
    const limited = await redeem(u.token, codes[0]);
    expect(limited.body.code).toBe(10029);
    expect(limited.body.msg).toMatch(/^兑换失败次数过多，请.+后再试$/);
    // Another user is not limited by it.
    expect((await redeem((await t.login()).token, codes[1])).body.code).toBe(0);
    t.clock.advance(3_600_000);
    expect((await redeem(u.token, codes[0])).body.code).toBe(0);
  });

  it('per network: users behind one IP share the limit', async () => {
    await setSettings(t.db, t.modules.settings, { redeem_failures_per_ip_hour: 3 });
    const ip = randomIp();
    const { codes } = await makeBatch(t, admin);
    for (let i = 0; i < 3; i++) {
      const u = await t.login();
      expect((await redeem(u.token, `WRONG${i}`, ip)).body.code).toBe(10004);
    }
    const u = await t.login();
    expect((await redeem(u.token, codes[0], ip)).body.code).toBe(10029);
    expect((await redeem(u.token, codes[0], randomIp())).body.code).toBe(0);
  });

  it('does not count successes', async () => {
    await setSettings(t.db, t.modules.settings, { redeem_failures_per_user_hour: 1 });
    const u = await t.login();
    for (let i = 0; i < 3; i++) {
      const { codes } = await makeBatch(t, admin, { quantity: 1 });
      expect((await redeem(u.token, codes[0])).body.code).toBe(0);
    }
  });
});
