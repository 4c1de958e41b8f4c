import type { AdminPage, AuditEntry } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../../../test/bots.js';
import { DAY, randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: { phone: string; token: string; user: { id: number } };
let other: { token: string; user: { id: number } };
let approved: number;
let rejected: number;

const OPERATOR_IP = '203.0.113.7';
const NICKNAME = '=1+2,"运营"';

async function audit(query = '', token = admin.token) {
  const res = await t.call<AdminPage<AuditEntry>>('GET', `/api/v1/admin/audit?${query}`, { token });
  expect(res.body.code).toBe(0);
  return res.body.data;
}
/** The log narrowed to the first operator's rows (other test files may share the database). */
const mine = (query = '') => audit(`actor_id=${admin.user.id}&${query}`);

beforeAll(async () => {
  // Two operators: the second one's rows are left out by the first one's filter.
  const phones = [randomPhone(), randomPhone()];
  t = await (await startTestApp({ env: { ADMIN_PHONES: phones.join(',') } })).listen();
  admin = await t.login(phones[0]);
  other = await t.login(phones[1]);
  const named = await t.call('PUT', '/api/v1/user', { token: admin.token, body: { nickname: NICKNAME } });
  expect(named.body).toMatchObject({ code: 0 });

  const creator = await t.login();
  const a = await createBot(t, creator.token, { visibility: 'public' });
  const b = await createBot(t, creator.token, { visibility: 'public' });
  approved = a.id;
  rejected = b.id;
  // The actions, each from the operator's own address, a minute apart.
  const act = async (token: string, method: string, path: string, body: unknown) => {
    t.clock.advance(60_000);
    const res = await t.call(method, path, { token, body, ip: OPERATOR_IP });
    expect(res.body.code).toBe(0);
  };
  await act(admin.token, 'POST', `/api/v1/admin/review/bot/${a.id}`, { decision: 'approve' });
  await act(admin.token, 'POST', `/api/v1/admin/review/bot/${b.id}`, {
    decision: 'reject',
    reason: '简介不清楚',
  });
  await act(admin.token, 'POST', '/api/v1/admin/notice/broadcast', { title: '系统维护', body: '今晚维护' });
  await act(other.token, 'POST', '/api/v1/admin/notice/broadcast', { title: '另一位', body: '运营的广播' });
});
afterAll(() => t?.close());

describe('GET /admin/audit', () => {
  it('lists what operators did, newest first: who, what, to which target, from where, when', async () => {
    const page = await mine();
    expect(page.total).toBe(3);
    expect(page.list.map((r) => [r.action, r.target])).toEqual([
      ['notice.broadcast', expect.stringMatching(/^notice:\d+$/)],
      ['bot.reject', `bot:${rejected}`],
      ['bot.approve', `bot:${approved}`],
    ]);
    const [broadcast, reject] = page.list;
    expect(broadcast!.actor).toEqual({ id: admin.user.id, nickname: NICKNAME, phone: admin.phone });
    expect(broadcast!.ip).toBe(OPERATOR_IP);
    expect(broadcast!.detail).toEqual({ title: '系统维护' });
    expect(reject!.detail).toMatchObject({ reason: '简介不清楚' });
    expect(Date.parse(broadcast!.at) - Date.parse(reject!.at)).toBe(60_000);
    // Everyone's rows without the filter: the other operator's broadcast is the newest.
    const all = await audit('page_size=1');
    expect(all.list[0]!.actor!.id).toBe(other.user.id);
    expect(all.total).toBeGreaterThanOrEqual(4);
  });

  it('narrows by action or area, target or type, text, and pages either way', async () => {
    expect((await mine('action=bot.')).total).toBe(2);
    expect((await mine('action=bot.approve')).list.map((r) => r.target)).toEqual([`bot:${approved}`]);
    expect((await mine('action=bot')).total).toBe(0);
    expect((await mine('target=bot:')).total).toBe(2);
    expect((await mine(`target=bot:${rejected}`)).list.map((r) => r.action)).toEqual(['bot.reject']);
    expect((await mine('target=notice:')).total).toBe(1);
    expect((await mine('q=BROADCAST')).total).toBe(1);
    expect((await mine(`q=${rejected}`)).list.map((r) => r.action)).toContain('bot.reject');
    // LIKE's wildcards match themselves only.
    for (const q of ['action=%25.', 'action=_ot.', 'target=%25:', 'q=%25', 'q=_']) {
      expect({ q, total: (await mine(q)).total }).toEqual({ q, total: 0 });
    }
    const second = await mine('page=2&page_size=1');
    expect(second).toMatchObject({ total: 3, list: [{ action: 'bot.reject' }] });
    const oldest = await mine('order=asc&page_size=2');
    expect(oldest.list.map((r) => r.action)).toEqual(['bot.approve', 'bot.reject']);
  });

  it('narrows by China days, both ends included', async () => {
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(today) - DAY).toISOString().slice(0, 10);
    expect((await mine(`from=${today}&to=${today}`)).total).toBe(3);
    expect((await mine(`from=${today}`)).total).toBe(3);
    expect((await mine(`to=${yesterday}`)).total).toBe(0);
    expect((await mine(`from=${yesterday}&to=${yesterday}`)).total).toBe(0);
  });

  it('refuses bad filters with 10001, never a 500', async () => {
    const bad = [
      'actor_id=abc',
      'actor_id=0',
      'actor_id=99999999999999999999',
      'actor_id=1e400',
      'from=2026-02-30',
      'to=2026-13-01',
      'from=yesterday',
      'q=%00',
      `action=${'a'.repeat(61)}`,
      `target=${'x'.repeat(81)}`,
      `q=${'字'.repeat(101)}`,
      'page=0',
      'page_size=101',
      'order=sideways',
    ];
    for (const query of bad) {
      const res = await t.call('GET', `/api/v1/admin/audit?${query}`, { token: admin.token });
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 200, code: 10001 });
    }
  });

  it('is refused to a user who is not an operator', async () => {
    const user = await t.login();
    expect((await t.call('GET', '/api/v1/admin/audit', { token: user.token })).body.code).toBe(10003);
    expect((await t.call('GET', '/api/v1/admin/audit')).body.code).toBe(20003);
  });
});

describe('GET /admin/audit/export.csv', () => {
  it('exports the filtered log for a spreadsheet: BOM, Chinese header, CRLF, quoted and formula-safe', async () => {
    const res = await fetch(`${t.base}/api/v1/admin/audit/export.csv?actor_id=${admin.user.id}&action=bot.`, {
      headers: { token: admin.token },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('audit-log.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('时间（北京时间）,操作人ID,操作人,手机号,操作,对象,IP,详情,变更前,变更后');
    expect(lines).toHaveLength(4);
    const reject = lines[1]!;
    expect(reject).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
    // The nickname would run as a formula: an apostrophe first, and quoted for its quotes and comma.
    expect(reject).toContain(`,"'=1+2,""运营""",${admin.phone},bot.reject,bot:${rejected},`);
    expect(reject).toContain(OPERATOR_IP);
    expect(reject).toContain('""reason"":""简介不清楚""');
  });

  it('takes the same filters and refuses the same bad ones', async () => {
    const res = await t.call('GET', '/api/v1/admin/audit/export.csv?from=2026-02-30', { token: admin.token });
    expect(res.body.code).toBe(10001);
    const user = await t.login();
    const refused = await t.call('GET', '/api/v1/admin/audit/export.csv', { token: user.token });
    expect(refused.body.code).toBe(10003);
  });
});
