import type {
  ChipRecord,
  InviteReward,
  InviteRewardCount,
  LoginData,
  Page,
  UserInfo,
} from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance, setSettings } from '../../../test/money.js';
import { users } from '../../db/schema/account.js';

/** docs/money.md, Invites: the signup reward, its refusals and the daily cap, through the real login. */
let t: TestApp;
let bonus: number;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
  bonus = (await t.call<{ signup_bonus: number }>('GET', '/api/v1/setting')).body.data.signup_bonus;
});
afterAll(() => t?.close());
afterEach(async () => {
  await expectLedgersBalance(t.db);
  await setSettings(t.db, t.modules.settings, { invite_daily_cap: 20 });
});

const me = async (token: string) => (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
const chipRecords = async (token: string) =>
  (await t.call<Page<ChipRecord>>('GET', '/api/v1/chip/record', { token })).body.data.list;
const systemNotices = async (token: string) =>
  (await t.call<Page<{ title: string; body: string }>>('GET', '/api/v1/notice?category=system', { token }))
    .body.data.list;
const rewards = async (token: string) =>
  (await t.call<Page<InviteReward>>('GET', '/api/v1/invite/reward', { token })).body;
const counts = async (token: string) =>
  (await t.call<InviteRewardCount>('GET', '/api/v1/invite/reward/count', { token })).body;
const invitedBy = async (userId: number) => (await t.modules.account.inviteRelation(userId))?.invitedBy;

async function deleteAccount(phone: string, token: string) {
  t.clock.advance(61_000);
  expect((await t.call('POST', '/api/v1/user/deletion/code', { token })).body.code).toBe(0);
  const code = t.codeFor(phone, 'delete_account');
  expect((await t.call('DELETE', '/api/v1/user', { token, body: { code } })).body.code).toBe(0);
  t.clock.advance(61_000);
}

describe('a signup with an invite code', () => {
  it('rewards both, with ledger rows, a notice to the inviter and a reward record', async () => {
    const inviter = await t.login();
    // A shared link may arrive lower-cased: the code is case-free.
    const invitee = await t.login(randomPhone(), { invite_code: inviter.user.invite_code.toLowerCase() });
    expect(await invitedBy(invitee.user.id)).toBe(inviter.user.id);

    expect(invitee.user.chips).toBe(bonus + 50);
    expect((await me(invitee.token)).chips).toBe(bonus + 50);
    expect((await me(inviter.token)).chips).toBe(bonus + 50);
    expect(await chipRecords(inviter.token)).toContainEqual(
      expect.objectContaining({ delta: 50, reason: 'invite_reward', title: '邀请奖励·邀请好友注册' }),
    );
    expect(await chipRecords(invitee.token)).toContainEqual(
      expect.objectContaining({ delta: 50, reason: 'invite_reward', title: '邀请奖励·受邀注册' }),
    );
    const [notice] = await systemNotices(inviter.token);
    expect(notice).toMatchObject({ title: '邀请奖励到账' });
    expect(notice!.body).toContain('50芯片');
    expect(await systemNotices(invitee.token)).toEqual([]);

    const list = await rewards(inviter.token);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        kind: 'signup',
        chips: 50,
        amount_fen: 0,
        title: '好友注册奖励',
        invitee: { nickname: invitee.user.nickname, avatar: invitee.user.avatar },
      }),
    ]);
    expect((await counts(inviter.token)).data).toEqual({
      invited_count: 1,
      rewarded_count: 1,
      chips_total: 50,
      commission_fen_total: 0,
      rules: {
        inviter_chips: 50,
        invitee_chips: 50,
        commission_percent: 10,
        commission_days: 365,
        daily_cap: 20,
      },
    });
    // The invitee invited nobody: their own list and counts are empty.
    expect((await rewards(invitee.token)).data.list).toEqual([]);
    expect((await counts(invitee.token)).data).toMatchObject({ invited_count: 0, rewarded_count: 0 });
  });

  it('rewards once: logging in again with another code changes nothing', async () => {
    const a = await t.login();
    const b = await t.login();
    const phone = randomPhone();
    const invitee = await t.login(phone, { invite_code: a.user.invite_code });
    t.clock.advance(61_000);
    const again = await t.login(phone, { invite_code: b.user.invite_code });
    expect(again.user.id).toBe(invitee.user.id);
    expect(await invitedBy(invitee.user.id)).toBe(a.user.id);
    expect((await me(again.token)).chips).toBe(bonus + 50);
    expect((await me(b.token)).chips).toBe(bonus);
  });

  it('ignores an unknown or malformed code and still logs in', async () => {
    for (const code of ['ZZZZZZ', 'x', '']) {
      const u = await t.login(randomPhone(), { invite_code: code });
      expect(u.user.chips).toBe(bonus);
      expect(await invitedBy(u.user.id)).toBeNull();
    }
  });

  it('gives nothing for a phone that had an account before, but keeps the binding', async () => {
    const inviter = await t.login();
    const phone = randomPhone();
    const first = await t.login(phone);
    await deleteAccount(phone, first.token);
    const again = await t.login(phone, { invite_code: inviter.user.invite_code });
    expect(await invitedBy(again.user.id)).toBe(inviter.user.id);
    expect(again.user.chips).toBe(0);
    expect((await me(inviter.token)).chips).toBe(bonus);
    expect((await rewards(inviter.token)).data.list).toEqual([]);
    expect((await counts(inviter.token)).data).toMatchObject({ invited_count: 1, rewarded_count: 0 });
  });

  it('gives nothing when the inviter is disabled', async () => {
    const inviter = await t.login();
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, inviter.user.id));
    const invitee = await t.login(randomPhone(), { invite_code: inviter.user.invite_code });
    expect(invitee.user.chips).toBe(bonus);
    expect(await invitedBy(invitee.user.id)).toBe(inviter.user.id);
    const [row] = await t.db.select({ chips: users.chips }).from(users).where(eq(users.id, inviter.user.id));
    expect(row!.chips).toBe(bonus);
  });

  it('follows the settings', async () => {
    await setSettings(t.db, t.modules.settings, { invite_inviter_chips: 7, invite_invitee_chips: 0 });
    try {
      const inviter = await t.login();
      const invitee = await t.login(randomPhone(), { invite_code: inviter.user.invite_code });
      expect(invitee.user.chips).toBe(bonus);
      expect((await me(inviter.token)).chips).toBe(bonus + 7);
      expect((await counts(inviter.token)).data).toMatchObject({
        rewarded_count: 1,
        chips_total: 7,
        rules: { inviter_chips: 7, invitee_chips: 0 },
      });
    } finally {
      await setSettings(t.db, t.modules.settings, { invite_inviter_chips: 50, invite_invitee_chips: 50 });
    }
  });
});

describe('the daily cap', () => {
  /** Sends every code first, then logs all in at once with the inviter's code. */
  async function signUpAtOnce(n: number, inviteCode: string) {
    const phones = Array.from({ length: n }, () => randomPhone());
    const ip = randomIp();
    for (const phone of phones) {
      expect((await t.call('POST', `/api/v1/login/code/${phone}`, { ip: randomIp() })).body.code).toBe(0);
    }
    return Promise.all(
      phones.map(async (phone) => {
        const res = await t.call<LoginData>('POST', '/api/v1/phone/login', {
          ip,
          body: { phone, code: t.codeFor(phone), invite_code: inviteCode },
        });
        expect(res.body.code).toBe(0);
        return res.body.data.user_info;
      }),
    );
  }

  it('holds under 10 concurrent signups with one code (cap 3), and starts again the next China day', async () => {
    await setSettings(t.db, t.modules.settings, { invite_daily_cap: 3 });
    const inviter = await t.login();
    const invitees = await signUpAtOnce(10, inviter.user.invite_code);
    expect(invitees.filter((u) => u.chips === bonus + 50)).toHaveLength(3);
    expect(invitees.filter((u) => u.chips === bonus)).toHaveLength(7);
    expect((await me(inviter.token)).chips).toBe(bonus + 3 * 50);
    expect((await counts(inviter.token)).data).toMatchObject({ invited_count: 10, rewarded_count: 3 });
    for (const u of invitees) expect(await invitedBy(u.id)).toBe(inviter.user.id);
    await expectLedgersBalance(t.db);

    // 08:00 UTC is 16:00 in China; 8 hours on it is the next day there.
    t.clock.advance(8 * 3_600_000);
    const [next] = await signUpAtOnce(1, inviter.user.invite_code);
    expect(next!.chips).toBe(bonus + 50);
    expect((await counts(inviter.token)).data).toMatchObject({ invited_count: 11, rewarded_count: 4 });
  });
});

describe('the reward routes', () => {
  it('need a login', async () => {
    expect((await t.call('GET', '/api/v1/invite/reward')).body.code).toBe(20003);
    expect((await t.call('GET', '/api/v1/invite/reward/count')).body.code).toBe(20003);
  });

  it('page newest first and refuse a bad cursor', async () => {
    const inviter = await t.login();
    for (let i = 0; i < 3; i++) await t.login(randomPhone(), { invite_code: inviter.user.invite_code });
    const first = await t.call<Page<InviteReward>>('GET', '/api/v1/invite/reward?limit=2', {
      token: inviter.token,
    });
    expect(first.body.data.list).toHaveLength(2);
    expect(first.body.data.list[0]!.id).toBeGreaterThan(first.body.data.list[1]!.id);
    const next = await t.call<Page<InviteReward>>(
      'GET',
      `/api/v1/invite/reward?limit=2&cursor=${first.body.data.next_cursor}`,
      { token: inviter.token },
    );
    expect(next.body.data.list).toHaveLength(1);
    expect(next.body.data.next_cursor).toBeNull();
    const bad = await t.call('GET', '/api/v1/invite/reward?cursor=%00', { token: inviter.token });
    expect(bad.body.code).toBe(10001);
    const wrong = await t.call('GET', '/api/v1/invite/reward?limit=abc', { token: inviter.token });
    expect(wrong.body.code).toBe(10001);
  });
});
