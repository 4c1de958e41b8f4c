import type { AdminBroadcast, AdminPage, Notice } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditLog } from '../../db/schema/admin.js';

let t: TestApp;
let admin: { token: string; phone: string; user: { id: number; nickname: string } };
beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t.close());

const tag = `B${Date.now().toString(36)}`;
const send = (token: string, body: Record<string, string>) =>
  t.call<Notice>('POST', '/api/v1/admin/notice/broadcast', { token, body });
const history = (query: string, token = admin.token) =>
  t.call<AdminPage<AdminBroadcast>>('GET', `/api/v1/admin/notice/broadcast?${query}`, { token });

describe('the broadcast history', () => {
  it('lists what was sent, newest first, with who sent it; searchable and paged', async () => {
    const a = await send(admin.token, { title: `${tag} 维护通知`, body: '今晚 23:00 起维护一小时。' });
    t.clock.advance(60_000);
    const b = await send(admin.token, {
      title: `${tag} 新功能上线`,
      body: '社区话题功能上线啦，快去看看。',
      link: '/post',
    });
    expect(a.body.code).toBe(0);
    expect(b.body.code).toBe(0);

    const res = await history(`q=${tag}`);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list).toMatchObject([
      {
        id: b.body.data.id,
        title: `${tag} 新功能上线`,
        body: '社区话题功能上线啦，快去看看。',
        link: '/post',
        sender: { id: admin.user.id, phone: admin.phone },
        created_at: t.clock.now().toISOString(),
      },
      { id: a.body.data.id, link: null },
    ]);
    // The text matches too.
    expect((await history(`q=${encodeURIComponent('社区话题功能')}`)).body.data.list[0]!.id).toBe(
      b.body.data.id,
    );
    const older = await history(`q=${tag}&order=asc&page_size=1&page=2`);
    expect(older.body.data.list.map((n) => n.id)).toEqual([b.body.data.id]);
    expect((await history(`q=${tag}&from=2020-01-01&to=2020-01-02`)).body.data.total).toBe(0);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notice.broadcast'), eq(auditLog.target, `notice:${a.body.data.id}`)));
    expect(audit).toHaveLength(1);
  });

  it('is for operators only and refuses bad filters with 10001', async () => {
    const user = await t.login();
    expect((await history('', user.token)).body.code).toBe(10003);
    for (const q of ['page_size=101', 'order=up', 'sort=title', 'from=2026-02-30', `q=${'长'.repeat(101)}`]) {
      const res = await history(q);
      expect(res.status, q).toBe(200);
      expect(res.body.code, q).toBe(10001);
    }
  });
});
