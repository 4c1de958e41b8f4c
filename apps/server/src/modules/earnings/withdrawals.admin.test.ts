import { randomUUID } from 'node:crypto';
import type { AdminWithdrawal, EarningRecord, Notice, Page, Withdrawal } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { auditLog } from '../../db/schema/admin.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };

beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});
afterAll(async () => {
  await t?.close();
});

const balances = (userId: number) => t.modules.wallet.earnings.balances(userId);

/** A user with earnings and one pending withdrawal of `amount`. */
async function requested(amount = 1500, earnings = 5000) {
  const u = await t.login();
  await t.modules.wallet.earnings.apply({
    userId: u.user.id,
    delta: earnings,
    reason: 'creator_revenue',
    idempotencyKey: `test:${randomUUID()}`,
  });
  const res = await t.call<Withdrawal>('POST', '/api/v1/withdrawal', {
    token: u.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { amount_fen: amount, channel: 'alipay', account: 'zhangsan@163.com', real_name: '张三' },
  });
  expect(res.body.code).toBe(0);
  return { ...u, id: res.body.data.id };
}

const act = (id: number, action: 'approve' | 'reject' | 'paid', body?: unknown, token = admin.token) =>
  t.call<AdminWithdrawal>('POST', `/api/v1/admin/withdrawal/${id}/${action}`, { token, body });
const notices = async (token: string) =>
  (await t.call<Page<Notice>>('GET', '/api/v1/notice?category=system', { token })).body.data.list;
const audits = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `withdrawal:${id}`));

describe('the operators’ withdrawal desk', () => {
  it('approve → paid: states, the money leaves, a notice each time, an audit row each time', async () => {
    const u = await requested(1500);
    const approved = await act(u.id, 'approve');
    expect(approved.body).toMatchObject({
      code: 0,
      data: {
        id: u.id,
        status: 'approved',
        account: 'zhangsan@163.com',
        real_name: '张三',
        user: { id: u.user.id, phone: u.phone },
      },
    });
    expect(await balances(u.user.id)).toEqual({ earnings: 3500, frozen: 1500, debt: 0 });

    const paid = await act(u.id, 'paid', { reference: ' 2026112100001 ' });
    expect(paid.body.data).toMatchObject({ status: 'paid', reference: '2026112100001' });
    expect(await balances(u.user.id)).toEqual({ earnings: 3500, frozen: 0, debt: 0 });

    const mine = await t.call<Page<Withdrawal>>('GET', '/api/v1/withdrawal', { token: u.token });
    expect(mine.body.data.list[0]).toMatchObject({ status: 'paid', reference: '2026112100001' });

    const list = await notices(u.token);
    expect(list.map((n) => n.title)).toEqual(['提现已打款', '提现申请已通过']);
    expect(list[0]).toMatchObject({ type: 'withdrawal_paid', link: '/user/withdrawal' });
    expect(list[0]!.body).toContain('¥15.00');
    expect(list[0]!.body).toContain('流水号：2026112100001');

    const rows = await audits(u.id);
    expect(rows.map((r) => [r.action, r.actorId, r.detail.before, r.detail.after])).toEqual([
      ['withdrawal.approve', admin.user.id, 'pending', 'approved'],
      ['withdrawal.paid', admin.user.id, 'approved', 'paid'],
    ]);
    expect(rows[1]!.detail).toMatchObject({ reference: '2026112100001', amount_fen: 1500 });
  });

  it('reject returns the money with a ledger row, tells the user why, and nothing may follow it', async () => {
    const u = await requested(2000);
    await act(u.id, 'approve');
    const rejected = await act(u.id, 'reject', { reason: '收款账号与实名不符' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: '收款账号与实名不符' });
    expect(await balances(u.user.id)).toEqual({ earnings: 5000, frozen: 0, debt: 0 });
    const records = await t.call<Page<EarningRecord>>('GET', '/api/v1/earnings/record', { token: u.token });
    expect(records.body.data.list.map((r) => [r.title, r.delta_fen])).toEqual([
      ['提现退回', 2000],
      ['提现', -2000],
      ['创作收益', 5000],
    ]);
    const [notice] = await notices(u.token);
    expect(notice).toMatchObject({ title: '提现申请已驳回', type: 'withdrawal_rejected' });
    expect(notice!.body).toContain('收款账号与实名不符');
    expect(notice!.body).toContain('金额已退回');

    for (const [action, body] of [
      ['paid', { reference: 'X1' }],
      ['approve', undefined],
      ['reject', { reason: '再驳回一次' }],
    ] as const) {
      const res = await act(u.id, action, body);
      expect(res.body).toMatchObject({ code: 10009, msg: expect.stringContaining('已驳回') });
    }
    expect(await balances(u.user.id)).toEqual({ earnings: 5000, frozen: 0, debt: 0 });
    expect((await audits(u.id)).map((r) => r.action)).toEqual(['withdrawal.approve', 'withdrawal.reject']);
    // Today's requests no longer count the rejected one.
    const rules = await t.call<{ today_requested_fen: number }>('GET', '/api/v1/withdrawal/rules', {
      token: u.token,
    });
    expect(rules.body.data.today_requested_fen).toBe(0);
  });

  it('keeps the order: paid needs approved first; a pending request may be rejected', async () => {
    const u = await requested(1000);
    expect((await act(u.id, 'paid', { reference: 'R1' })).body).toMatchObject({
      code: 10009,
      msg: '该提现申请待审核，不能标记为已打款',
    });
    expect((await act(u.id, 'reject', { reason: '风险账户' })).body.data.status).toBe('rejected');
    expect(await balances(u.user.id)).toEqual({ earnings: 5000, frozen: 0, debt: 0 });
  });

  it('lets one of concurrent actions on one request through; nothing moves twice', async () => {
    const u = await requested(1000);
    const approvals = await Promise.all(Array.from({ length: 5 }, () => act(u.id, 'approve')));
    expect(approvals.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(approvals.filter((r) => r.body.code === 10009)).toHaveLength(4);

    const races = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => act(u.id, 'reject', { reason: `驳回${i}` })),
      ...Array.from({ length: 4 }, (_, i) => act(u.id, 'paid', { reference: `R${i}` })),
    ]);
    expect(races.filter((r) => r.body.code === 0)).toHaveLength(1);
    const b = await balances(u.user.id);
    expect(b.frozen).toBe(0);
    expect([4000, 5000]).toContain(b.earnings);
    expect(await audits(u.id)).toHaveLength(2);
    expect(await notices(u.token)).toHaveLength(2);
  });

  it('lists requests by status, newest first, with the whole account and whose it is', async () => {
    const a = await requested(1000);
    const b = await requested(1100);
    await act(b.id, 'approve');
    const pending = await t.call<Page<AdminWithdrawal>>('GET', '/api/v1/admin/withdrawal?status=pending', {
      token: admin.token,
    });
    const ids = pending.body.data.list.map((w) => w.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    for (const w of pending.body.data.list) expect(w.status).toBe('pending');
    const all = await t.call<Page<AdminWithdrawal>>('GET', '/api/v1/admin/withdrawal?limit=2', {
      token: admin.token,
    });
    expect(all.body.data.list.map((w) => w.id)).toEqual([b.id, a.id]);
    expect(all.body.data.list[1]).toMatchObject({
      account: 'zhangsan@163.com',
      real_name: '张三',
      user: { id: a.user.id, phone: a.phone },
    });
    expect(all.body.data.next_cursor).not.toBeNull();
    const bad = await t.call('GET', '/api/v1/admin/withdrawal?status=lost', { token: admin.token });
    expect(bad.body.code).toBe(10001);
  });

  it('refuses a normal user (10003) on every operator route, and bad ids and bodies with 10001/10004', async () => {
    const u = await requested(1000);
    const routes: [string, string, unknown][] = [
      ['GET', '/api/v1/admin/withdrawal', undefined],
      ['POST', `/api/v1/admin/withdrawal/${u.id}/approve`, undefined],
      ['POST', `/api/v1/admin/withdrawal/${u.id}/reject`, { reason: '不给' }],
      ['POST', `/api/v1/admin/withdrawal/${u.id}/paid`, { reference: 'R' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await t.call(method, path, { token: u.token, body })).body.code, path).toBe(10003);
      expect((await t.call(method, path, { body })).body.code, path).toBe(20003);
    }
    expect(await balances(u.user.id)).toEqual({ earnings: 4000, frozen: 1000, debt: 0 });

    expect((await act(999_999_999, 'approve')).body).toMatchObject({ code: 10004, msg: '提现申请不存在' });
    expect((await act(0, 'approve')).body.code).toBe(10001);
    expect(
      (await t.call('POST', '/api/v1/admin/withdrawal/abc/approve', { token: admin.token })).body.code,
    ).toBe(10001);
    expect((await act(u.id, 'reject', { reason: '  ' })).body).toMatchObject({ code: 10001 });
    expect((await act(u.id, 'reject', { reason: '原因\u0000' })).body).toMatchObject({ code: 10001 });
    expect((await act(u.id, 'paid', {})).body.code).toBe(10001);
    expect((await audits(u.id)).length).toBe(0);
  });
});
