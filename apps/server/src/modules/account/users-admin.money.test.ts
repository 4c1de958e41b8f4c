import { randomUUID } from 'node:crypto';
import type { AdjustedChips, AdjustedVip, AdminUserDetail, UserInfo } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { auditOf, userAction } from '../../../test/users-admin.js';

const DAY = 86_400_000;
const key = () => randomUUID().replace(/-/g, '');

/** Operators' chip adjustments and VIP days (docs/admin.md, Users; docs/money.md). */
describe('operators: chips and VIP days', () => {
  let t: TestApp;
  let admin: { token: string; user: UserInfo };

  const chips = (id: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
    userAction<AdjustedChips>(t, admin.token, id, 'chips', body, { headers });
  const vip = (id: number, body: Record<string, unknown>) =>
    userAction<AdjustedVip>(t, admin.token, id, 'vip', body);
  const detail = async (id: number) =>
    (await t.call<AdminUserDetail>('GET', `/api/v1/admin/user/${id}`, { token: admin.token })).body.data;

  beforeAll(async () => {
    const started = await startCreationApp();
    t = started.t;
    admin = started.admin;
  });
  afterEach(() => expectLedgersBalance(t.db));
  afterAll(() => t?.close());

  it('adds and takes chips through the ledger, audited with the balance before and after', async () => {
    const { user, token } = await t.login();
    const start = user.chips;
    const added = await chips(user.id, { delta: 500, reason: '活动补偿', idempotency_key: key() });
    expect(added.body).toMatchObject({ code: 0, data: { applied: true, chips: start + 500 } });
    const taken = await chips(user.id, { delta: -200, reason: '误发扣回' }, { 'idempotency-key': key() });
    expect(taken.body.data).toEqual({ applied: true, chips: start + 300 });

    const me = await t.call<UserInfo>('GET', '/api/v1/user', { token });
    expect(me.body.data.chips).toBe(start + 300);
    const records = (await detail(user.id)).chip_records;
    expect(records.slice(0, 2).map((r) => [r.reason, r.delta, r.balance_after])).toEqual([
      ['admin', -200, start + 300],
      ['admin', 500, start + 500],
    ]);
    const audit = await auditOf(t, `user:${user.id}`);
    expect(
      audit.map((a) => [a.action, a.actorId, a.before, a.after, a.detail.delta, a.detail.reason]),
    ).toEqual([
      ['user.chips', admin.user.id, { chips: start }, { chips: start + 500 }, 500, '活动补偿'],
      ['user.chips', admin.user.id, { chips: start + 500 }, { chips: start + 300 }, -200, '误发扣回'],
    ]);
    expect(audit.every((a) => a.ip)).toBe(true);
  });

  it('applies one key once: 50 identical requests at once move the chips once, with one audit row', async () => {
    const { user } = await t.login();
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => chips(user.id, { delta: 77, reason: '并发补偿', idempotency_key: k })),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(results.filter((r) => r.body.data.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data.chips))).toEqual(new Set([user.chips + 77]));
    expect(await auditOf(t, `user:${user.id}`)).toHaveLength(1);
    // The same key later, even from the header, still answers without moving anything.
    const later = await chips(user.id, { delta: 77, reason: '并发补偿' }, { 'idempotency-key': k });
    expect(later.body.data).toEqual({ applied: false, chips: user.chips + 77 });
    // A key is the user's: the same key for another user is another adjustment.
    const other = await t.login();
    expect(
      (await chips(other.user.id, { delta: 1, reason: '补偿', idempotency_key: k })).body.data.applied,
    ).toBe(true);
  });

  it('never takes the balance below zero: a larger deduction is refused with what is available', async () => {
    const { user } = await t.login();
    const res = await chips(user.id, { delta: -(user.chips + 1), reason: '扣回', idempotency_key: key() });
    expect(res.body.code).toBe(10001);
    expect(res.body.msg).toBe(`扣减数量超过用户可用芯片（当前可用${user.chips}芯片），余额不能为负`);
    expect(await auditOf(t, `user:${user.id}`)).toEqual([]);
    const all = await chips(user.id, { delta: -user.chips, reason: '清零', idempotency_key: key() });
    expect(all.body.data).toEqual({ applied: true, chips: 0 });
  });

  it('refuses bad adjustments with 10001, never a 500', async () => {
    const { user } = await t.login();
    const ok = { delta: 10, reason: '补偿', idempotency_key: key() };
    for (const body of [
      { ...ok, delta: 0 },
      { ...ok, delta: 1.5 },
      { ...ok, delta: '10' },
      { ...ok, delta: 1_000_001 },
      { ...ok, delta: -1_000_001 },
      { ...ok, delta: 1e308 },
      { ...ok, delta: null },
      { ...ok, reason: '' },
      { ...ok, reason: 'a\u0000' },
      { ...ok, reason: '\udc00' },
      { ...ok, idempotency_key: 'short' },
      { ...ok, idempotency_key: 'has space in it' },
      { delta: 10, reason: '没有幂等键' },
    ])
      expect({ body, code: (await chips(user.id, body)).body.code }).toEqual({ body, code: 10001 });
    const badHeader = await chips(
      user.id,
      { delta: 10, reason: '补偿' },
      { 'idempotency-key': 'bad key with spaces' },
    );
    expect(badHeader.body.code).toBe(10001);
    expect((await chips(999_999_999_999, ok)).body.code).toBe(10004);
    expect(await auditOf(t, `user:${user.id}`)).toEqual([]);
  });

  it('grants VIP days from now (with the first monthly grant), then from the expiry; audited', async () => {
    const { user, token } = await t.login();
    const now = t.clock.now().getTime();
    const granted = await vip(user.id, { days: 30, reason: '活动奖励' });
    expect(granted.body).toMatchObject({ code: 0, data: { is_vip: true } });
    expect(Date.parse(granted.body.data.vip_expires_at!)).toBe(now + 30 * DAY);
    // The session sees the membership at once.
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data.is_vip).toBe(true);
    const d = await detail(user.id);
    expect(d.wallet.vip).toMatchObject({ active: true, tier_name: expect.any(String) });
    expect(d.chip_records[0]).toMatchObject({ reason: 'vip_grant' });

    const more = await vip(user.id, { days: 10, reason: '续期' });
    expect(Date.parse(more.body.data.vip_expires_at!)).toBe(now + 40 * DAY);

    const audit = await auditOf(t, `user:${user.id}`);
    expect(audit.map((a) => [a.action, a.before, a.after, a.detail.days])).toEqual([
      ['user.vip', { vip_expires_at: null }, { vip_expires_at: new Date(now + 30 * DAY).toISOString() }, 30],
      [
        'user.vip',
        { vip_expires_at: new Date(now + 30 * DAY).toISOString() },
        { vip_expires_at: new Date(now + 40 * DAY).toISOString() },
        10,
      ],
    ]);
    expect(audit[0]!.detail.granted_chips).toBeGreaterThan(0);
  });

  it('takes VIP days back, never before now: taking more than are left ends the membership', async () => {
    const { user, token } = await t.login();
    const now = t.clock.now().getTime();
    const notMember = await vip(user.id, { days: -3, reason: '扣回' });
    expect(notMember.body).toMatchObject({ code: 10001, msg: '该用户当前不是会员，无法减少会员天数' });

    await vip(user.id, { days: 20, reason: '奖励' });
    const shorter = await vip(user.id, { days: -5, reason: '扣回' });
    expect(Date.parse(shorter.body.data.vip_expires_at!)).toBe(now + 15 * DAY);
    const ended = await vip(user.id, { days: -100, reason: '取消会员' });
    expect(ended.body.data).toEqual({ is_vip: false, vip_expires_at: new Date(now).toISOString() });
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data.is_vip).toBe(false);
    const audit = await auditOf(t, `user:${user.id}`);
    expect(audit.at(-1)).toMatchObject({
      action: 'user.vip',
      before: { vip_expires_at: new Date(now + 15 * DAY).toISOString() },
      after: { vip_expires_at: new Date(now).toISOString() },
    });
  });

  it('refuses bad VIP adjustments with 10001', async () => {
    const { user } = await t.login();
    for (const body of [
      { days: 0, reason: 'x' },
      { days: 3651, reason: 'x' },
      { days: -3651, reason: 'x' },
      { days: 1.5, reason: 'x' },
      { days: Infinity, reason: 'x' },
      { days: 5 },
      { days: 5, reason: '\u0000' },
    ])
      expect({ body, code: (await vip(user.id, body)).body.code }).toEqual({ body, code: 10001 });
    expect(await auditOf(t, `user:${user.id}`)).toEqual([]);
  });
});
