import { randomUUID } from 'node:crypto';
import type { AdminPage, AdminRedeemBatch, RedeemBatch } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { adminToken, makeBatch, parseCsv } from '../../../test/redeem.js';
import { auditLog } from '../../db/schema/admin.js';
import { csvCell, csvOf } from '../../platform/http/csv.js';
import { REDEEM_ALPHABET } from './redeem.codes.js';

/** docs/money.md, Redeem codes: the operators' batches, their export, and the audit log. */
let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
  admin = await adminToken(t);
  adminId = (await t.call<{ id: number }>('GET', '/api/v1/user', { token: admin })).body.data.id;
});
afterAll(() => t?.close());
afterEach(() => expectLedgersBalance(t.db));

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();
const CODE = new RegExp(`^[${REDEEM_ALPHABET}]{14}$`);
const batches = async (query: string) => {
  const res = await t.call<AdminPage<AdminRedeemBatch>>('GET', `/api/v1/admin/redeem/batch?${query}`, {
    token: admin,
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};
const auditOf = (target: string) => t.db.select().from(auditLog).where(eq(auditLog.target, target));

describe('making a batch', () => {
  it('makes 10,000 unique codes of the alphabet in a few seconds, exported as CSV with a BOM', async () => {
    const started = Date.now();
    const res = await t.call<RedeemBatch>('POST', '/api/v1/admin/redeem/batch', {
      token: admin,
      body: { kind: 'chips', value: 10, quantity: 10_000, expires_at: inDays(30), note: '双十一' },
    });
    expect(res.body.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.body.data).toMatchObject({
      kind: 'chips',
      value: 10,
      quantity: 10_000,
      used_count: 0,
      note: '双十一',
    });

    const csv = await fetch(`${t.base}/api/v1/admin/redeem/batch/${res.body.data.id}/codes.csv`, {
      headers: { token: admin },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="redeem-batch-${res.body.data.id}.csv"; filename*=UTF-8''redeem-batch-${res.body.data.id}.csv`,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows[0]).toEqual(['兑换码', '面值', '状态', '使用者ID', '使用时间']);
    const codes = rows.slice(1).map((r) => r[0]!);
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes).size).toBe(10_000);
    expect(codes.every((c) => CODE.test(c))).toBe(true);
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['10芯片']));
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(['未使用']));

    const [audit] = await auditOf(`redeem_batch:${res.body.data.id}`);
    expect(audit).toMatchObject({
      action: 'redeem.batch.create',
      detail: { kind: 'chips', value: 10, quantity: 10_000 },
      before: null,
      after: { kind: 'chips', value: 10, quantity: 10_000, note: '双十一' },
    });
  }, 60_000);

  it('refuses a past expiry, too many codes and wrong kinds with 10001, making nothing', async () => {
    const before = (await t.db.select().from(auditLog)).length;
    const bodies = [
      { kind: 'chips', value: 10, quantity: 5, expires_at: inDays(-1) },
      { kind: 'chips', value: 10, quantity: 10_001, expires_at: inDays(1) },
      { kind: 'gold', value: 10, quantity: 5, expires_at: inDays(1) },
      { kind: 'chips', value: 0, quantity: 5, expires_at: inDays(1) },
      { kind: 'chips', value: 10, quantity: 5, expires_at: 'tomorrow' },
      { kind: 'chips', value: '10', quantity: 5, expires_at: inDays(1) },
      { kind: 'chips', value: 10, quantity: 5, expires_at: inDays(1), note: 'a\u0000b' },
      { kind: 'chips', value: 1e12, quantity: 5, expires_at: inDays(1) },
      { kind: 'chips', value: 10, quantity: 1.5, expires_at: inDays(1) },
      { kind: 'chips', value: 10, quantity: 5, expires_at: inDays(1), note: '\ud800' },
      { kind: 'chips', value: 10, quantity: 5, expires_at: inDays(1), note: 'x'.repeat(201) },
    ];
    for (const body of bodies) {
      const res = await t.call('POST', '/api/v1/admin/redeem/batch', { token: admin, body });
      expect(res.body.code, JSON.stringify(body)).toBe(10001);
    }
    const past = await t.call('POST', '/api/v1/admin/redeem/batch', { token: admin, body: bodies[0] });
    expect(past.body.msg).toContain('过期时间须晚于当前时间');
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });
});

describe('the batches', () => {
  it('list with used counts, status and maker; searched by name, filtered, sorted, counted', async () => {
    const tag = `活动${randomUUID().slice(0, 8)}`;
    const a = await makeBatch(t, admin, { quantity: 3, value: 5, note: `${tag}-甲` });
    const b = await makeBatch(t, admin, { quantity: 2, kind: 'vip_days', value: 3, note: `${tag}-乙` });
    const c = await makeBatch(t, admin, { quantity: 1, note: `${tag}-丙`, expires_at: inDays(0.01) });
    const u = await t.login();
    expect(
      (await t.call('POST', '/api/v1/redeem', { token: u.token, body: { code: a.codes[1] } })).body.code,
    ).toBe(0);
    await t.call('POST', `/api/v1/admin/redeem/batch/${b.batch.id}/disable`, { token: admin });

    const list = await batches(`q=${encodeURIComponent(tag)}&page_size=2`);
    expect(list.total).toBe(3);
    expect(list.list.map((x) => [x.id, x.used_count, x.status])).toEqual([
      [c.batch.id, 0, 'active'],
      [b.batch.id, 0, 'disabled'],
    ]);
    expect(list.list[0]!.created_by).toMatchObject({ id: adminId });
    const second = await batches(`q=${encodeURIComponent(tag)}&page_size=2&page=2`);
    expect(second.list.map((x) => [x.id, x.used_count, x.quantity])).toEqual([[a.batch.id, 1, 3]]);

    const q = `q=${encodeURIComponent(tag)}`;
    expect((await batches(`${q}&status=disabled`)).list.map((x) => x.id)).toEqual([b.batch.id]);
    expect((await batches(`${q}&kind=vip_days`)).list.map((x) => x.id)).toEqual([b.batch.id]);
    expect((await batches(`${q}&sort=expires_at&order=asc`)).list[0]!.id).toBe(c.batch.id);
    expect((await batches(`q=${a.batch.id}`)).list.map((x) => x.id)).toContain(a.batch.id);
    // A search with LIKE's own characters matches them literally.
    expect((await batches(`q=${encodeURIComponent('%_')}`)).total).toBe(0);
    // An hour on (the operator's session lasts 12 idle hours), the third batch has expired.
    t.clock.advance(3_600_000);
    try {
      const expired = await batches(`${q}&status=expired`);
      expect(expired.list.map((x) => [x.id, x.status])).toEqual([[c.batch.id, 'expired']]);
      expect((await batches(`${q}&status=active`)).list.map((x) => x.id)).toEqual([a.batch.id]);
    } finally {
      t.clock.advance(-3_600_000);
    }

    const csv = await fetch(`${t.base}/api/v1/admin/redeem/batch/${a.batch.id}/codes.csv`, {
      headers: { token: admin },
    });
    const rows = parseCsv(await csv.text()).slice(1);
    const used = rows.find((r) => r[0] === a.codes[1])!;
    expect(used.slice(1, 4)).toEqual(['5芯片', '已使用', String(u.user.id)]);
    // China time, as the operators read it.
    expect(used[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses bad list filters with 10001', async () => {
    for (const query of ['status=lost', 'kind=gold', 'sort=note', 'page=0', 'page_size=101', 'q=a%00b'])
      expect(
        (await t.call('GET', `/api/v1/admin/redeem/batch?${query}`, { token: admin })).body.code,
        query,
      ).toBe(10001);
  });

  it('disable: unused codes are refused, audited once however often it is asked', async () => {
    const { batch, codes } = await makeBatch(t, admin, { quantity: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await t.call<AdminRedeemBatch>('POST', `/api/v1/admin/redeem/batch/${batch.id}/disable`, {
        token: admin,
      });
      expect(res.body.data).toMatchObject({ id: batch.id, disabled: true, status: 'disabled' });
    }
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.target, `redeem_batch:${batch.id}`), eq(auditLog.action, 'redeem.batch.disable')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    const csv = await fetch(`${t.base}/api/v1/admin/redeem/batch/${batch.id}/codes.csv`, {
      headers: { token: admin },
    });
    expect(parseCsv(await csv.text())[1]![2]).toBe('已失效');
    const u = await t.login();
    expect(
      (await t.call('POST', '/api/v1/redeem', { token: u.token, body: { code: codes[0] } })).body.msg,
    ).toBe('兑换码已失效');
  });

  it('an unknown or malformed batch id says so', async () => {
    expect(
      (await t.call('POST', '/api/v1/admin/redeem/batch/999999999/disable', { token: admin })).body.code,
    ).toBe(10004);
    const csv = await t.call('GET', '/api/v1/admin/redeem/batch/999999999/codes.csv', { token: admin });
    expect(csv.body.code).toBe(10004);
    expect((await t.call('POST', '/api/v1/admin/redeem/batch/abc/disable', { token: admin })).body.code).toBe(
      10001,
    );
  });
});

describe('operators only', () => {
  it('a normal user gets 10003 on every route, and no token 20003', async () => {
    const { batch } = await makeBatch(t, admin, { quantity: 1 });
    const u = await t.login();
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/admin/redeem/batch', { kind: 'chips', value: 1, quantity: 1, expires_at: inDays(1) }],
      ['GET', '/api/v1/admin/redeem/batch'],
      ['GET', `/api/v1/admin/redeem/batch/${batch.id}/codes.csv`],
      ['POST', `/api/v1/admin/redeem/batch/${batch.id}/disable`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.call(method, path, { token: u.token, body })).body.code, path).toBe(10003);
      expect((await t.call(method, path, { body })).body.code, path).toBe(20003);
    }
    expect((await batches(`q=${batch.id}`)).list.find((x) => x.id === batch.id)?.disabled).toBe(false);
  });
});

describe('the CSV cells', () => {
  it('escape what a spreadsheet would run as a formula, and quote what breaks a row', () => {
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(v).startsWith("'") || csvCell(v).startsWith('"\'')).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('ABC234')).toBe('ABC234');
    expect(csvCell('')).toBe('');
    expect(csvOf([['a', '=b']])).toBe("\uFEFFa,'=b\r\n");
  });
});
