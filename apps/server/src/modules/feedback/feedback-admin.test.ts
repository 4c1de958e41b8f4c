import type { AdminFeedback, AdminPage, Notice, Page } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditLog } from '../../db/schema/admin.js';
import { notices } from '../../db/schema/notices.js';

let t: TestApp;
let admin: { token: string; user: { id: number; nickname: string } };
beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t.close());

/** A tag unique to this run, so searches see only this file's rows on a shared database. */
const tag = `T${Date.now().toString(36)}`;

async function submit(body: { type: string; content: string; contact?: string }, token?: string) {
  const res = await t.call<{ id: number }>('POST', '/api/v1/opinion', {
    token,
    body,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Lingxi/1.0' },
  });
  if (res.body.code !== 0) throw new Error(res.body.msg);
  return res.body.data.id;
}

const list = (query: string) =>
  t.call<AdminPage<AdminFeedback>>('GET', `/api/v1/admin/feedback?${query}`, { token: admin.token });
const handle = (id: number | string, body: unknown = {}, token = admin.token) =>
  t.call<AdminFeedback>('POST', `/api/v1/admin/feedback/${id}/handle`, { token, body });
const systemNotices = async (token: string) =>
  (await t.call<Page<Notice>>('GET', '/api/v1/notice?category=system', { token })).body.data.list;

describe('the feedback inbox', () => {
  it('lists feedback newest first with the user, filtered by status, type, text and day', async () => {
    const user = await t.login();
    const a = await submit({ type: 'bug', content: `${tag} 聊天页偶尔白屏`, contact: 'wx:abc' }, user.token);
    t.clock.advance(1000);
    const b = await submit({ type: 'suggestion', content: `${tag} 希望支持深色模式` });
    t.clock.advance(1000);
    const c = await submit({ type: 'bug', content: '别的一些内容', contact: `${tag}@mail.example` });

    const all = await list(`q=${tag}`);
    expect(all.body.code).toBe(0);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((f) => f.id)).toEqual([c, b, a]);
    expect(all.body.data.list[2]).toMatchObject({
      type: 'bug',
      contact: 'wx:abc',
      status: 'open',
      user: { id: user.user.id, phone: user.phone },
      user_agent: 'Mozilla/5.0 (iPhone) Lingxi/1.0',
      handled_by: null,
      reply: null,
    });
    expect(all.body.data.list[1]!.user).toBeNull();

    expect((await list(`q=${tag}&status=all`)).body.data.total).toBe(3);
    expect((await list(`q=${tag}&type=bug`)).body.data.list.map((f) => f.id)).toEqual([c, a]);
    expect((await list(`q=${tag}&order=asc&page_size=2`)).body.data).toMatchObject({ total: 3 });
    expect((await list(`q=${tag}&order=asc&page_size=2&page=2`)).body.data.list.map((f) => f.id)).toEqual([
      c,
    ]);
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(`q=${tag}&from=${today}&to=${today}`)).body.data.total).toBe(3);
    expect((await list(`q=${tag}&to=2020-01-01`)).body.data.total).toBe(0);
    // % and _ are letters to search for, not wildcards.
    expect((await list(`q=${encodeURIComponent('%_')}`)).body.data.total).toBe(0);
  });

  it('marks one handled with a reply the user gets as a system notice, audited, once', async () => {
    const user = await t.login();
    const id = await submit({ type: 'account', content: `${tag} 换手机号后登录不了` }, user.token);
    const res = await handle(id, { reply: '  已为你处理，请重新登录试试。 ' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      id,
      status: 'handled',
      reply: '已为你处理，请重新登录试试。',
      handled_by: { id: admin.user.id },
      handled_at: t.clock.now().toISOString(),
    });
    const [notice] = await systemNotices(user.token);
    expect(notice).toMatchObject({
      type: 'feedback_reply',
      title: '意见反馈有回复了',
      body: `你反馈的「${tag} 换手机号后登录不了」：已为你处理，请重新登录试试。`,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'feedback.handle'), eq(auditLog.target, `feedback:${id}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      before: { status: 'open' },
      after: { status: 'handled', reply: '已为你处理，请重新登录试试。' },
    });

    const twice = await handle(id, { reply: '再说一次' });
    expect(twice.body).toMatchObject({ code: 10009, msg: '该反馈已处理' });
    expect((await list(`q=${tag}&status=handled`)).body.data.list.map((f) => f.id)).toContain(id);
    expect((await list(`q=${tag}&status=open`)).body.data.list.map((f) => f.id)).not.toContain(id);
  });

  it('handles without a reply, and refuses a reply nobody can receive', async () => {
    const anonymous = await submit({ type: 'other', content: `${tag} 未登录提交的反馈` });
    const refused = await handle(anonymous, { reply: '谢谢' });
    expect(refused.body).toMatchObject({ code: 10001, data: { field: 'reply' } });
    expect((await list(`q=${tag}&status=open`)).body.data.list.map((f) => f.id)).toContain(anonymous);
    const res = await handle(anonymous, { reply: '' });
    expect(res.body.data).toMatchObject({ status: 'handled', reply: null });
  });

  it('handles it once under 50 concurrent attempts: one notice, one audit row', async () => {
    const user = await t.login();
    const id = await submit({ type: 'bug', content: `${tag} 并发处理的反馈` }, user.token);
    const results = await Promise.all(Array.from({ length: 50 }, () => handle(id, { reply: '收到' })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 10009)).toHaveLength(49);
    const sent = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, user.user.id), eq(notices.type, 'feedback_reply')));
    expect(sent).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `feedback:${id}`));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad ids, filters and replies with 10001, an unknown id with 10004', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect((await handle(id)).body.code, id).toBe(10001);
    }
    expect((await handle(2 ** 40)).body).toMatchObject({ code: 10004, msg: '反馈不存在' });
    const id = await submit({ type: 'bug', content: `${tag} 校验用的反馈` });
    for (const body of [
      { reply: 'x'.repeat(501) },
      { reply: '含\u0000' },
      { reply: '\ud800' },
      { reply: 5 },
    ]) {
      expect((await handle(id, body)).body.code).toBe(10001);
    }
    for (const q of [
      'status=closed',
      'type=praise',
      'from=2026-02-30',
      'to=2026-13-01',
      'sort=content',
      'page=0',
    ]) {
      const res = await list(q);
      expect(res.status, q).toBe(200);
      expect(res.body.code, q).toBe(10001);
    }
    expect((await list(`q=${encodeURIComponent('\u0000')}`)).body.code).toBe(10001);
  });

  it('exports the filtered inbox as CSV: BOM, Chinese header, escaped cells', async () => {
    await submit({
      type: 'content',
      content: `=HYPERLINK("x") ${tag}, 含逗号\n和换行`,
      contact: '+8613800000000',
    });
    const res = await fetch(`${t.base}/api/v1/admin/feedback/export.csv?q=${tag}&type=content`, {
      headers: { token: admin.token },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFFID,类型,内容,联系方式')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[1]).toContain(`内容问题,"'=HYPERLINK(""x"") ${tag}, 含逗号\n和换行",'+8613800000000`);
    expect(lines[1]).toContain(',待处理,');
    expect(text.endsWith('\r\n')).toBe(true);
    const anonymous = await fetch(`${t.base}/api/v1/admin/feedback/export.csv`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(20003);
  });
});
