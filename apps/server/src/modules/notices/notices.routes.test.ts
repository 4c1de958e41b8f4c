import { ErrorCode, type Notice, type Page, type UnreadCounts } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, createBot, decide, startCreationApp } from '../../../test/bots.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { auditLog } from '../../db/schema/admin.js';
import { notices } from '../../db/schema/notices.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };

beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t?.close());

const unread = async (token: string) =>
  (await t.call<UnreadCounts>('GET', '/api/v1/notice/unread', { token })).body.data;
const open = async (token: string, category: string, q = '') =>
  (await t.call<Page<Notice>>('GET', `/api/v1/notice?category=${category}${q}`, { token })).body;
const broadcast = (token: string, body: Record<string, string>) =>
  t.call<Notice>('POST', '/api/v1/admin/notice/broadcast', { token, body });

describe('review notices', () => {
  it('tell the creator of each outcome, count as unread, and opening the category marks them read', async () => {
    const creator = await t.login();
    const other = await t.login();
    expect(await unread(creator.token)).toMatchObject({ review: 0, interaction: 0 });

    const a = await createBot(t, creator.token, { visibility: 'public', name: '通知助手甲' });
    const b = await createBot(t, creator.token, { visibility: 'public', name: '通知助手乙' });
    await decide(t, admin.token, a.id, { decision: 'approve' });
    t.clock.advance(MINUTE);
    await decide(t, admin.token, b.id, { decision: 'reject', reason: '简介与功能不符' });

    const counts = await unread(creator.token);
    expect(counts).toMatchObject({ review: 2, interaction: 0 });
    expect(counts.total).toBe(counts.system + counts.review + counts.interaction);
    expect((await unread(other.token)).review).toBe(0);

    const page = await open(creator.token, 'review');
    expect(page.code).toBe(0);
    expect(page.data.list).toMatchObject([
      {
        category: 'review',
        type: 'bot_rejected',
        title: '智能体未通过审核',
        body: '你的智能体「通知助手乙」未通过审核，原因：简介与功能不符。修改后可重新提交。',
        link: '/user/my-ai',
        read: false,
      },
      {
        type: 'bot_approved',
        title: '智能体已通过审核',
        body: '你的智能体「通知助手甲」已通过审核，现已公开发布。',
        link: '/user/my-ai',
        read: false,
      },
    ]);
    expect((await unread(creator.token)).review).toBe(0);
    expect((await open(creator.token, 'review')).data.list.every((n) => n.read)).toBe(true);
    expect((await open(other.token, 'review')).data.list).toHaveLength(0);
  });

  it('also tell of an edit approved or rejected', async () => {
    const creator = await t.login();
    const form = botForm({ name: '修改通知助手', visibility: 'public' });
    const bot = await createBot(t, creator.token, form);
    await decide(t, admin.token, bot.id, { decision: 'approve' });
    await t.call('PUT', `/api/v1/bot/${bot.id}`, {
      token: creator.token,
      body: { ...form, intro: '新简介' },
    });
    await decide(t, admin.token, bot.id, { decision: 'reject', reason: '简介过短' });
    await t.call('PUT', `/api/v1/bot/${bot.id}`, {
      token: creator.token,
      body: { ...form, intro: '更好的简介' },
    });
    await decide(t, admin.token, bot.id, { decision: 'approve' });
    const list = (await open(creator.token, 'review')).data.list;
    expect(list.map((n) => [n.type, n.title])).toEqual([
      ['bot_edit_approved', '智能体修改已通过审核'],
      ['bot_edit_rejected', '智能体修改未通过审核'],
      ['bot_approved', '智能体已通过审核'],
    ]);
    expect(list[1]!.body).toBe(
      '你对智能体「修改通知助手」的修改未通过审核，原因：简介过短。线上仍为修改前的版本。',
    );
  });

  it('page newest first by cursor; only the first page marks read', async () => {
    const creator = await t.login();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const bot = await createBot(t, creator.token, { visibility: 'public' });
      await decide(t, admin.token, bot.id, { decision: 'approve' });
      ids.push(bot.id);
    }
    const first = await open(creator.token, 'review', '&limit=2');
    expect(first.data.list).toHaveLength(2);
    expect((await unread(creator.token)).review).toBe(0);
    const second = await open(creator.token, 'review', `&limit=2&cursor=${first.data.next_cursor}`);
    const third = await open(creator.token, 'review', `&limit=2&cursor=${second.data.next_cursor}`);
    const all = [...first.data.list, ...second.data.list, ...third.data.list];
    expect(all.map((n) => n.id)).toEqual([...all.map((n) => n.id)].sort((x, y) => y - x));
    expect(all).toHaveLength(5);
    expect(third.data.next_cursor).toBeNull();
  });

  it('refuses an unknown category and needs a login', async () => {
    const { token } = await t.login();
    const res = await open(token, 'promotion');
    expect(res).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '消息分类不正确' });
    expect((await t.call('GET', '/api/v1/notice/unread')).body.code).toBe(ErrorCode.NO_TOKEN);
  });
});

describe('broadcasts', () => {
  it('are stored once, counted for every user registered before, and read by each on their own', async () => {
    t.clock.advance(10 * MINUTE);
    const users = [await t.login(), await t.login(), await t.login()];
    const before = await Promise.all(users.map((u) => unread(u.token)));
    const title = `系统维护通知 ${Date.now()}`;
    const res = await broadcast(admin.token, { title, body: '今晚 23:00 起维护一小时。', link: '/help' });
    expect(res.body.data).toMatchObject({ category: 'system', type: 'broadcast', title, link: '/help' });

    const rows = await t.db.select().from(notices).where(eq(notices.title, title));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBeNull();

    const after = await Promise.all(users.map((u) => unread(u.token)));
    for (const [i, a] of after.entries()) {
      expect(a.system).toBe(before[i]!.system + 1);
      expect(a.total).toBe(before[i]!.total + 1);
    }
    const page = await open(users[0]!.token, 'system');
    expect(page.data.list[0]).toMatchObject({ title, body: '今晚 23:00 起维护一小时。', read: false });
    expect((await unread(users[0]!.token)).system).toBe(0);
    expect((await unread(users[1]!.token)).system).toBe(after[1]!.system);

    // Someone who registers afterwards did not miss it.
    t.clock.advance(MINUTE);
    const late = await t.login();
    expect((await open(late.token, 'system')).data.list.map((n) => n.title)).not.toContain(title);
  });

  it('are for operators only, audited, and take an app path or web address as the link', async () => {
    const { token } = await t.login();
    const body = { title: '活动通知', body: '新功能上线啦' };
    expect((await broadcast(token, body)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await broadcast(admin.token, { ...body, title: '' })).body.msg).toBe('请填写标题');
    for (const link of ['javascript:alert(1)', '//evil.example/x']) {
      const res = await broadcast(admin.token, { ...body, link });
      expect(res.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, data: { field: 'link' } });
    }
    const sent = await broadcast(admin.token, { ...body, link: 'https://lingxi.example/news' });
    expect(sent.body.code).toBe(0);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `notice:${sent.body.data.id}`));
    expect(audit).toMatchObject([
      { actorId: admin.user.id, action: 'notice.broadcast', detail: { title: '活动通知' } },
    ]);
  });
});
