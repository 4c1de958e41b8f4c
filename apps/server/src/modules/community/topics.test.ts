import { randomBytes } from 'node:crypto';
import { ErrorCode, type AdminTopic, type AdminTopicList, type TopicList } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPost } from '../../../test/community.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditOf, startModerationApp } from '../../../test/moderation.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };

beforeAll(async () => {
  ({ t, admin } = await startModerationApp());
});
afterAll(() => t?.close());

/** A topic name no other test or run uses (the PostgreSQL database outlives a run). */
const unique = (base: string) => `${base}${randomBytes(3).toString('hex')}`;
const create = (body: unknown, token = admin.token) =>
  t.call<AdminTopic>('POST', '/api/v1/admin/topic', { token, body });
const update = (id: number, body: unknown) =>
  t.call<AdminTopic>('PUT', `/api/v1/admin/topic/${id}`, { token: admin.token, body });
const remove = (id: number) => t.call('DELETE', `/api/v1/admin/topic/${id}`, { token: admin.token });
const publicList = async () => (await t.call<TopicList>('GET', '/api/v1/topic')).body.data.list;
const adminList = async () =>
  (await t.call<AdminTopicList>('GET', '/api/v1/admin/topic', { token: admin.token })).body.data.list;
async function made(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.body.code).toBe(0);
  return res.body.data;
}

describe('operators’ topics', () => {
  it('start, on a fresh install, as the seeded list in its order, seeded once: a deleted one stays gone', async () => {
    const seeds = [
      '灵感分享',
      '效率办公',
      '学习成长',
      '创意写作',
      '情感陪伴',
      '角色扮演',
      '编程开发',
      '生活妙招',
    ];
    expect((await publicList()).map((x) => x.name).filter((n) => seeds.includes(n))).toEqual(seeds);
    const last = (await adminList()).find((x) => x.name === '生活妙招')!;
    expect((await remove(last.id)).body.code).toBe(0);
    await t.modules.topics.bootstrap();
    expect((await adminList()).some((x) => x.name === '生活妙招')).toBe(false);
  });

  it('creates a topic, audited; a name taken, even with spaces around it, is refused', async () => {
    const name = unique('旅行');
    const res = await create({ name: `  ${name} `, sort: 3 });
    expect(res.body).toMatchObject({ code: 0, data: { name, sort: 3, enabled: true, post_count: 0 } });
    const id = res.body.data.id;
    expect((await auditOf(t, `topic:${id}`)).map((a) => [a.action, a.actorId, a.detail])).toEqual([
      ['topic.create', admin.user.id, { name, sort: 3, enabled: true }],
    ]);
    for (const body of [{ name }, { name: ` ${name}`, sort: 9, enabled: false }])
      expect((await create(body)).body).toMatchObject({ code: ErrorCode.CONFLICT, msg: '话题已存在' });
    expect((await adminList()).filter((x) => x.name === name)).toHaveLength(1);
  });

  it('validates the name (no #, no spaces, at most 20), the sort and the flag', async () => {
    const bad: [unknown, string | null][] = [
      [{ name: '#旅行' }, '话题名称不能包含#或空格'],
      [{ name: '旅行#' }, '话题名称不能包含#或空格'],
      [{ name: '旅 行' }, '话题名称不能包含#或空格'],
      [{ name: '旅\t行' }, '话题名称不能包含#或空格'],
      [{ name: '话'.repeat(21) }, '话题名称最多20个字'],
      [{ name: '' }, '请填写话题名称'],
      [{ name: '   ' }, '请填写话题名称'],
      [{}, '请填写话题名称'],
      [{ name: 42 }, null],
      [{ name: '旅\u0000行' }, null],
      [{ name: '旅\ud800行' }, null],
      [{ name: unique('排序'), sort: -1 }, null],
      [{ name: unique('排序'), sort: 'first' }, null],
      [{ name: unique('排序'), sort: 1.5 }, null],
      [{ name: unique('启用'), enabled: 'yes' }, null],
    ];
    for (const [body, msg] of bad) {
      const res = await create(body);
      expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
      if (msg) expect(res.body.msg).toContain(msg);
    }
    const twenty = `${unique('')}${'话'.repeat(14)}`;
    expect(twenty).toHaveLength(20);
    expect((await create({ name: twenty })).body.code).toBe(0);
    // Characters as users see them: six letters and 14 thumbs with a skin tone are 62 UTF-16 units.
    const emoji = (n: number) => `${unique('')}${'👍🏻'.repeat(n - 6)}`;
    expect((await create({ name: emoji(20) })).body.code).toBe(0);
    expect((await create({ name: emoji(21) })).body).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: expect.stringContaining('话题名称最多20个字'),
    });
  });

  it('lists enabled topics to everyone in the operators’ order; operators see all with published posts counted', async () => {
    const late = await made({ name: unique('排后'), sort: 90_000 });
    const early = await made({ name: unique('排前'), sort: 80_000 });
    const tie = await made({ name: unique('同序'), sort: 90_000 });
    const off = await made({ name: unique('停用'), sort: 85_000, enabled: false });

    const shown = (await publicList()).filter((x) => [late, early, tie, off].some((y) => y.id === x.id));
    expect(shown).toEqual([
      { id: early.id, name: early.name },
      { id: late.id, name: late.name },
      { id: tie.id, name: tie.name },
    ]);

    const author = await t.login();
    for (const status of ['published', 'published', 'pending_review', 'rejected', 'deleted'] as const)
      await seedPost(t, author.user.id, { topicId: early.id, status });
    const all = (await adminList()).filter((x) => [late, early, tie, off].some((y) => y.id === x.id));
    expect(all.map((x) => [x.id, x.enabled, x.post_count])).toEqual([
      [early.id, true, 2],
      [off.id, false, 0],
      [late.id, true, 0],
      [tie.id, true, 0],
    ]);
  });

  it('updates name, order and the flag; a taken name or an unknown topic is refused', async () => {
    const a = await made({ name: unique('甲') });
    const b = await made({ name: unique('乙') });
    const renamed = unique('丙');
    const res = await update(a.id, { name: renamed, sort: 7, enabled: false });
    expect(res.body).toMatchObject({ code: 0, data: { id: a.id, name: renamed, sort: 7, enabled: false } });
    expect((await publicList()).some((x) => x.id === a.id)).toBe(false);
    expect((await auditOf(t, `topic:${a.id}`)).map((x) => [x.action, x.detail, x.before, x.after])).toEqual([
      ['topic.create', { name: a.name, sort: 0, enabled: true }, null, null],
      [
        'topic.update',
        { name: renamed },
        { name: a.name, sort: 0, enabled: true },
        { name: renamed, sort: 7, enabled: false },
      ],
    ]);

    expect((await update(a.id, { name: b.name })).body).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '话题已存在',
    });
    expect((await update(a.id, { name: renamed })).body.code).toBe(0);
    expect((await update(a.id, { name: '有 空格' })).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await update(987654321, { name: unique('无') })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await update(0, { name: unique('零') })).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await auditOf(t, `topic:${a.id}`)).length).toBe(3);
  });

  it('deletes a topic no post names; one that posts name is refused (disable it instead)', async () => {
    const unused = await made({ name: unique('闲置') });
    const used = await made({ name: unique('在用') });
    const author = await t.login();
    // Even a deleted post keeps its topic.
    await seedPost(t, author.user.id, { topicId: used.id, status: 'deleted' });

    expect((await remove(unused.id)).body).toMatchObject({ code: 0, data: { ok: true } });
    expect((await adminList()).some((x) => x.id === unused.id)).toBe(false);
    expect((await auditOf(t, `topic:${unused.id}`)).map((x) => x.action)).toEqual([
      'topic.create',
      'topic.delete',
    ]);
    expect((await remove(unused.id)).body.code).toBe(ErrorCode.NOT_FOUND);

    const refused = await remove(used.id);
    expect(refused.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '已有帖子使用该话题，不能删除，可改为停用',
    });
    expect((await adminList()).some((x) => x.id === used.id)).toBe(true);
    expect((await update(used.id, { name: used.name, enabled: false })).body.data.enabled).toBe(false);
  });

  it('keeps one topic of a name under 50 concurrent creations', async () => {
    const name = unique('并发');
    const codes = (await Promise.all(Array.from({ length: 50 }, () => create({ name })))).map(
      (r) => r.body.code,
    );
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === ErrorCode.CONFLICT)).toHaveLength(49);
    expect((await adminList()).filter((x) => x.name === name)).toHaveLength(1);
  });

  it('is for operators only; the public list needs no login', async () => {
    const user = await t.login();
    expect((await create({ name: unique('越权') }, user.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('GET', '/api/v1/admin/topic', { token: user.token })).body.code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await t.call('GET', '/api/v1/topic')).body.code).toBe(0);
  });
});
