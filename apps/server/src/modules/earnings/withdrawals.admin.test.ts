import { randomUUID } from 'node:crypto';
import type {
  AdminPage,
  AdminWithdrawal,
  EarningRecord,
  Notice,
  Page,
  Withdrawal,
  WithdrawalSummary,
} from '@lingxi/contract';
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
async function requested(
  amount = 1500,
  earnings = 5000,
  payee: { channel: 'wechat' | 'alipay'; account: string; real_name: string } = {
    channel: 'alipay',
    account: 'zhangsan@163.com',
    real_name: '张三',
  },
) {
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
    body: { amount_fen: amount, ...payee },
  });
  expect(res.body.code).toBe(0);
  return { ...u, id: res.body.data.id };
}

const act = (id: number, action: 'approve' | 'reject' | 'paid', body?: unknown, token = admin.token) =>
  t.call<AdminWithdrawal>('POST', `/api/v1/admin/withdrawal/${id}/${action}`, { token, body });
const notices = async (token: string) =>
  (await t.call<Page<Notice>>('GET', '/api/v1/notice?category=system', { token })).body.data.list;
const list = async (query: string) => {
  const res = await t.call<AdminPage<AdminWithdrawal>>('GET', `/api/v1/admin/withdrawal?${query}`, {
    token: admin.token,
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};
const summary = async () =>
  (await t.call<WithdrawalSummary>('GET', '/api/v1/admin/withdrawal/summary', { token: admin.token })).body
    .data;
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
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ['withdrawal.approve', admin.user.id, { status: 'pending' }, { status: 'approved' }],
      [
        'withdrawal.paid',
        admin.user.id,
        { status: 'approved' },
        { status: 'paid', reference: '2026112100001' },
      ],
    ]);
    expect(rows[1]!.detail).toMatchObject({
      reference: '2026112100001',
      amount_fen: 1500,
      user_id: u.user.id,
    });
    expect(paid.body.data.reviewer).toMatchObject({ id: admin.user.id });
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
    expect((await audits(u.id)).map((r) => [r.action, r.after])).toEqual([
      ['withdrawal.approve', { status: 'approved' }],
      ['withdrawal.reject', { status: 'rejected', reason: '收款账号与实名不符' }],
    ]);
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

  it('50 concurrent "paid" calls pay it once: one audit row, one notice, the frozen money leaves once', async () => {
    const u = await requested(1200);
    await act(u.id, 'approve');
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) => act(u.id, 'paid', { reference: `P${i}` })),
    );
    const won = all.filter((r) => r.body.code === 0);
    expect(won).toHaveLength(1);
    expect(all.filter((r) => r.body.code === 10009)).toHaveLength(49);
    expect(await balances(u.user.id)).toEqual({ earnings: 3800, frozen: 0, debt: 0 });
    const rows = await audits(u.id);
    expect(rows.map((r) => r.action)).toEqual(['withdrawal.approve', 'withdrawal.paid']);
    expect(rows[1]!.after).toEqual({ status: 'paid', reference: won[0]!.body.data.reference });
    expect((await notices(u.token)).map((n) => n.title)).toEqual(['提现已打款', '提现申请已通过']);
  });

  it('lists requests server-paged: search, status, channel, days, sort, total', async () => {
    const a = await requested(1000);
    const b = await requested(1100);
    await act(b.id, 'approve');
    const byUser = await list(`q=${a.phone}`);
    expect(byUser).toMatchObject({ total: 1, list: [{ id: a.id, status: 'pending' }] });
    expect(byUser.list[0]).toMatchObject({
      account: 'zhangsan@163.com',
      real_name: '张三',
      user: { id: a.user.id, phone: a.phone },
      reviewer: null,
    });
    expect((await list(`q=${a.user.id}`)).list.map((w) => w.id)).toContain(a.id);
    expect((await list(`q=${b.id}`)).list.map((w) => w.id)).toContain(b.id);
    expect((await list(`q=${b.phone}&status=pending`)).total).toBe(0);
    expect((await list(`q=${b.phone}&status=approved`)).list[0]).toMatchObject({
      id: b.id,
      reviewer: { id: admin.user.id },
    });
    expect((await list(`q=${b.phone}&channel=wechat`)).total).toBe(0);
    const pending = await list('status=pending&page_size=100');
    for (const w of pending.list) expect(w.status).toBe('pending');
    expect(pending.total).toBeGreaterThanOrEqual(1);

    // The payee's account or name, in part; LIKE's own characters are taken literally.
    const c = await requested(1300, 5000, {
      channel: 'wechat',
      account: 'wx_lingxi_77',
      real_name: '欧阳娜娜',
    });
    expect((await list('q=lingxi_7')).list.map((w) => w.id)).toContain(c.id);
    expect((await list(`q=${encodeURIComponent('阳娜')}`)).list.map((w) => w.id)).toContain(c.id);
    expect((await list(`q=${encodeURIComponent('lingxi%7')}`)).list.map((w) => w.id)).not.toContain(c.id);

    const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const mine = async (query: string) =>
      (await list(`q=${encodeURIComponent('zhangsan@163.com')}&page_size=100&${query}`)).list.filter((w) =>
        [a.id, b.id].includes(w.id),
      );
    expect((await mine(`from=${day}&to=${day}`)).map((w) => w.id)).toEqual([b.id, a.id]);
    expect(await mine(`from=2000-01-01&to=2000-01-02`)).toEqual([]);
    expect((await mine('sort=amount_fen&order=desc')).map((w) => w.amount_fen)).toEqual([1100, 1000]);
    expect((await mine('sort=amount_fen&order=asc')).map((w) => w.amount_fen)).toEqual([1000, 1100]);
    expect((await mine('sort=created_at&order=asc')).map((w) => w.id)).toEqual([a.id, b.id]);

    const page1 = await list(`q=${encodeURIComponent('zhangsan')}&page_size=1`);
    const page2 = await list(`q=${encodeURIComponent('zhangsan')}&page_size=1&page=2`);
    expect(page1.total).toBe(page2.total);
    expect(page1.list[0]!.id).not.toBe(page2.list[0]!.id);

    for (const query of [
      'status=lost',
      'channel=bank',
      'sort=fee_fen',
      'order=up',
      'page=0',
      'page_size=1000',
      'from=2026-02-30',
      'from=2026-1-1',
      'from=2026-05-02&to=2026-05-01',
      'q=a%00b',
      `q=${'x'.repeat(101)}`,
    ]) {
      const bad = await t.call('GET', `/api/v1/admin/withdrawal?${query}`, { token: admin.token });
      expect(bad.body.code, query).toBe(10001);
    }
  });

  it('summarises the desk: requests per state and the money waiting', async () => {
    const before = await summary();
    const a = await requested(1000);
    const b = await requested(2000);
    await act(b.id, 'approve');
    const c = await requested(3000);
    await act(c.id, 'reject', { reason: '实名不符' });
    const after = await summary();
    expect(after.pending - before.pending).toBe(1);
    expect(after.approved - before.approved).toBe(1);
    expect(after.rejected - before.rejected).toBe(1);
    expect(after.pending_fen - before.pending_fen).toBe(1000);
    expect(after.approved_fen - before.approved_fen).toBe(2000);
    expect(a.id).toBeGreaterThan(0);
  });

  it('exports the filtered requests as CSV for payout reconciliation (BOM, Chinese header, escaped cells)', async () => {
    const u = await requested(1500, 5000, { channel: 'wechat', account: 'wx_csv_check', real_name: '张三' });
    await act(u.id, 'approve');
    await act(u.id, 'paid', { reference: '=HYPERLINK("x")' });
    const res = await fetch(`${t.base}/api/v1/admin/withdrawal/export.csv?q=wx_csv_check&status=paid`, {
      headers: { token: admin.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('提现申请.csv')}`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n'); // the decoder drops the BOM
    expect(lines[0]).toBe(
      '申请ID,用户ID,昵称,手机号,提现金额（元）,手续费（元）,实际打款（元）,方式,收款账号,实名,状态,驳回原因,打款流水号,申请时间,处理时间,处理人',
    );
    expect(lines).toHaveLength(3); // the header, one row, the final CRLF
    const row = lines[1]!;
    expect(row.startsWith(`${u.id},${u.user.id},`)).toBe(true);
    expect(row).toContain(',15.00,');
    expect(row).toContain(',微信,wx_csv_check,张三,已打款,,"\'=HYPERLINK(""x"")",');
    const refused = await t.call('GET', '/api/v1/admin/withdrawal/export.csv?status=lost', {
      token: admin.token,
    });
    expect(refused.body.code).toBe(10001);
  });

  it('refuses a normal user (10003) on every operator route, and bad ids and bodies with 10001/10004', async () => {
    const u = await requested(1000);
    const routes: [string, string, unknown][] = [
      ['GET', '/api/v1/admin/withdrawal', undefined],
      ['GET', '/api/v1/admin/withdrawal/export.csv', undefined],
      ['GET', '/api/v1/admin/withdrawal/summary', undefined],
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
    expect((await act(u.id, 'paid', { reference: 'R'.repeat(65) })).body.code).toBe(10001);
    expect((await act(u.id, 'reject', { reason: '\ud800' })).body.code).toBe(10001);
    expect((await act(Number.MAX_SAFE_INTEGER, 'approve')).body.code).toBe(10004);
    expect(
      (await t.call('POST', '/api/v1/admin/withdrawal/1e30/approve', { token: admin.token })).body.code,
    ).toBe(10001);
    expect((await audits(u.id)).length).toBe(0);
  });
});
