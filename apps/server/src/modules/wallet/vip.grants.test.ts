import { randomUUID } from 'node:crypto';
import type { ChipRecord, Notice, Page, WalletInfo } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { ManualClock } from '../../platform/clock.js';
import { chinaTime } from './vip.service.js';

let t: TestApp;
const MONTHLY = 300;

beforeAll(async () => {
  // Years before the other test files' clocks: their members are never due by this clock, nor these by theirs
  // (the files share one PostgreSQL database).
  t = await (await startTestApp({ clock: new ManualClock(new Date('2020-03-01T00:00:00Z')) })).listen();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** Buys `days` of a tier the way an order's fulfilment does: wallet.membership.extend in a transaction. */
async function buy(userId: number, days = 30, tier = 'month', ref = `order:${randomUUID()}`) {
  const { membership } = t.modules.wallet;
  return t.db.transaction((tx) =>
    membership.extend(tx, { userId, tier, days, monthlyChips: MONTHLY, ref, tierName: '月度会员' }),
  );
}

/** Logs in again (time moves on by weeks here, and sessions die after 30 days unused). */
const again = async (phone: string) => (await t.login(phone)).token;

const wallet = async (token: string) => {
  const res = await t.call<WalletInfo>('GET', '/api/v1/wallet', { token });
  expect(res.body.code).toBe(0);
  return res.body.data;
};
const grants = async (token: string) =>
  (await t.call<Page<ChipRecord>>('GET', '/api/v1/chip/record', { token })).body.data.list.filter(
    (r) => r.reason === 'vip_grant',
  );
const notices = async (token: string, type: string) =>
  (
    await t.call<Page<Notice>>('GET', '/api/v1/notice?category=system&limit=50', { token })
  ).body.data.list.filter((n) => n.type === type);
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

describe('GET /wallet', () => {
  it('answers a non-member: chips, empty earnings, no membership', async () => {
    const { token } = await t.login();
    expect(await wallet(token)).toEqual({
      chips: 100,
      earnings_fen: 0,
      earnings_frozen_fen: 0,
      earnings_debt_fen: 0,
      vip: { active: false, tier: null, tier_name: null, expires_at: null, next_grant_at: null },
    });
  });

  it('answers a member with the tier, its name, the expiry and the next grant; only to the user', async () => {
    const { token, user } = await t.login();
    const other = await t.login();
    await buy(user.id, 60);
    expect(await wallet(token)).toEqual({
      chips: 100 + MONTHLY,
      earnings_fen: 0,
      earnings_frozen_fen: 0,
      earnings_debt_fen: 0,
      vip: {
        active: true,
        tier: 'month',
        tier_name: '月度会员',
        expires_at: later(60 * DAY),
        next_grant_at: later(30 * DAY),
      },
    });
    // Another user sees their own wallet, and nobody's without a token.
    expect((await wallet(other.token)).vip.active).toBe(false);
    const anonymous = await t.call('GET', '/api/v1/wallet');
    expect(anonymous.body.code).toBe(20003);
  });
});

describe('buying membership', () => {
  it('extends from the later of now and the expiry, and grants the first month at once', async () => {
    const { token, user } = await t.login();
    const first = await buy(user.id, 30);
    expect(first).toEqual({ expiresAt: new Date(later(30 * DAY)), granted: MONTHLY });
    // Bought again while active: from the expiry, and no second grant for the same cycle.
    const second = await buy(user.id, 30);
    expect(second).toEqual({ expiresAt: new Date(later(60 * DAY)), granted: 0 });
    const records = await grants(token);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ delta: MONTHLY, title: '会员赠送·月度会员每月芯片' });
    expect((await wallet(token)).vip.expires_at).toBe(later(60 * DAY));
  });

  it('after a lapse, starts from now with a new cycle and its grant', async () => {
    const { phone, user } = await t.login();
    await buy(user.id, 30);
    t.clock.advance(45 * DAY);
    const back = await buy(user.id, 30);
    expect(back).toEqual({ expiresAt: new Date(later(30 * DAY)), granted: MONTHLY });
    const token = await again(phone);
    expect(await grants(token)).toHaveLength(2);
    // One month bought: the next cycle would start at the expiry, so none is promised.
    expect((await wallet(token)).vip).toMatchObject({ active: true, next_grant_at: null });
  });
});

describe('the monthly grant sweep', () => {
  it('grants every 30 days while active, with a notice, and stops at the lapse', async () => {
    const { phone, user } = await t.login();
    await buy(user.id, 30);
    await buy(user.id, 30); // 60 days: grants at day 0 and day 30; day 60 is the expiry.
    const sweep = () => t.modules.vip.grantMonthly();

    t.clock.advance(29 * DAY);
    await sweep();
    let token = await again(phone);
    expect(await grants(token)).toHaveLength(1);

    t.clock.advance(1 * DAY);
    await sweep();
    await sweep();
    token = await again(phone);
    expect(await grants(token)).toHaveLength(2);
    expect((await wallet(token)).chips).toBe(100 + 2 * MONTHLY);
    const told = await notices(token, 'vip_grant');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: '每月会员芯片已到账', link: '/member-center' });
    expect(told[0]!.body).toContain(`${MONTHLY}芯片`);
    // The expiry is the next cycle's start: no grant is promised.
    expect((await wallet(token)).vip).toMatchObject({ active: true, next_grant_at: null });

    t.clock.advance(30 * DAY);
    await sweep();
    t.clock.advance(30 * DAY);
    await sweep();
    token = await again(phone);
    expect(await grants(token)).toHaveLength(2);
    expect((await wallet(token)).vip).toMatchObject({ active: false, next_grant_at: null });
    expect(await notices(token, 'vip_grant')).toHaveLength(1);
  });

  it('keeps the cycle on a renewal before the expiry: one grant per 30 days, not one per purchase', async () => {
    const { phone, user } = await t.login();
    await buy(user.id, 30);
    t.clock.advance(25 * DAY);
    expect((await buy(user.id, 30)).granted).toBe(0);
    let token = await again(phone);
    expect(await grants(token)).toHaveLength(1);
    expect((await wallet(token)).vip.next_grant_at).toBe(later(5 * DAY));
    for (let day = 25; day < 70; day += 5) {
      t.clock.advance(5 * DAY);
      await t.modules.vip.grantMonthly();
    }
    // Day 0 and day 30 of the 60 bought.
    token = await again(phone);
    expect(await grants(token)).toHaveLength(2);
  });

  it('grants a year member every 30 days, across the year', async () => {
    const { phone, user } = await t.login();
    await buy(user.id, 365, 'year');
    for (let month = 1; month <= 13; month++) {
      t.clock.advance(30 * DAY);
      await t.modules.vip.grantMonthly();
    }
    // Day 0, 30, … 360: 13 grants; day 390 is after the expiry.
    expect(await grants(await again(phone))).toHaveLength(13);
  });

  it('grants once per member and cycle when five sweeps run at once', async () => {
    const members = await Promise.all([t.login(), t.login(), t.login()]);
    for (const m of members) await buy(m.user.id, 90);
    t.clock.advance(30 * DAY);
    await Promise.all(Array.from({ length: 5 }, () => t.modules.vip.grantMonthly()));
    for (const m of members) {
      const token = await again(m.phone);
      expect(await grants(token)).toHaveLength(2);
      expect(await notices(token, 'vip_grant')).toHaveLength(1);
      expect((await wallet(token)).chips).toBe(100 + 2 * MONTHLY);
    }
  });

  it('grants a tier no longer offered as the first tier', async () => {
    const { phone, user } = await t.login();
    await t.db.transaction((tx) =>
      t.modules.wallet.membership.extend(tx, {
        userId: user.id,
        tier: 'retired-tier',
        days: 60,
        monthlyChips: 50,
        tierName: '会员',
        ref: 'redeem:retired',
      }),
    );
    t.clock.advance(30 * DAY);
    await t.modules.vip.grantMonthly();
    const token = await again(phone);
    expect((await grants(token)).map((g) => g.delta)).toEqual([MONTHLY, 50]);
    expect((await wallet(token)).vip).toMatchObject({ tier: 'retired-tier', tier_name: '月度会员' });
  });
});

describe('the expiry notice sweep', () => {
  it('names the moment in China time', () => {
    expect(chinaTime(new Date('2020-03-31T00:00:00Z'))).toBe('2020年3月31日 08:00');
    expect(chinaTime(new Date('2020-12-31T16:05:00Z'))).toBe('2021年1月1日 00:05');
  });

  it('tells a member once per expiry, within 3 days of it, and again after a renewal', async () => {
    const { phone, user } = await t.login();
    const { expiresAt } = await buy(user.id, 30);
    const sweep = () => t.modules.vip.noticeExpiring();

    t.clock.advance(26 * DAY); // 4 days left
    await sweep();
    expect(await notices(await again(phone), 'vip_expiring')).toHaveLength(0);

    t.clock.advance(1 * DAY + 60_000); // within 3 days
    await Promise.all(Array.from({ length: 5 }, sweep));
    await sweep();
    const token = await again(phone);
    let told = await notices(token, 'vip_expiring');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: '会员即将到期', link: '/member-center' });
    expect(told[0]!.body).toContain(`将于${chinaTime(expiresAt)}到期`);

    const renewed = await buy(user.id, 30); // a renewal: a new expiry, told of when it comes near
    await sweep();
    expect(await notices(token, 'vip_expiring')).toHaveLength(1);
    t.clock.advance(31 * DAY); // 2 days before the new expiry
    await Promise.all(Array.from({ length: 3 }, sweep));
    told = await notices(await again(phone), 'vip_expiring');
    expect(told).toHaveLength(2);
    expect(told[0]!.body).toContain(`将于${chinaTime(renewed.expiresAt)}到期`);

    t.clock.advance(5 * DAY); // lapsed: nothing more to say
    await sweep();
    expect(await notices(await again(phone), 'vip_expiring')).toHaveLength(2);
  });
});
