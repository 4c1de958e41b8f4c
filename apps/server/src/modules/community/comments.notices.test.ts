import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import { addComment, noticesOf } from '../../../test/comments.js';
import { seedPost } from '../../../test/community.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { notices } from '../../db/schema/notices.js';

/** What interaction rows show when the comments they report are deleted (docs/community.md, Messages). */
let t: TestApp;
type User = Awaited<ReturnType<TestApp['login']>>;
let admin: User;

beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t?.close());
beforeEach(() => t.clock.advance(MINUTE));

const del = (u: User, id: number) => t.call('DELETE', `/api/v1/comment/${id}`, { token: u.token });
const adminRemove = (id: number) =>
  t.call('DELETE', `/api/v1/admin/comment/${id}`, { token: admin.token, body: { reason: '广告引流' } });
/** The recipient's rows of a kind, as stored (reading them through the API would mark them read). */
const rowsOf = (u: User, type: string) =>
  t.db
    .select({ body: notices.body, actorCount: notices.actorCount })
    .from(notices)
    .where(and(eq(notices.userId, u.user.id), eq(notices.type, type)))
    .orderBy(notices.id);

describe('an author with several comments on one target', () => {
  it('stays in the unread row until their last one goes; the row shows one that is still there', async () => {
    const [me, fan] = [await t.login(), await t.login()];
    const post = await seedPost(t, me.user.id, { content: '我的帖子' });
    const first = await addComment(t, fan.token, post.id, '第一条评论');
    const second = await addComment(t, fan.token, post.id, '第二条评论');
    expect(await rowsOf(me, 'post_comment')).toEqual([{ body: '第二条评论', actorCount: 1 }]);

    expect((await del(fan, second.id)).body.code).toBe(0);
    expect(await rowsOf(me, 'post_comment')).toEqual([{ body: '第一条评论', actorCount: 1 }]);
    expect((await del(fan, first.id)).body.code).toBe(0);
    expect(await rowsOf(me, 'post_comment')).toEqual([]);
  });

  it('keeps replying in the row when one of two replies goes, whoever deletes it', async () => {
    const [me, fan, host] = [await t.login(), await t.login(), await t.login()];
    const post = await seedPost(t, host.user.id);
    const mine = await addComment(t, me.token, post.id, '我的评论');
    const a = await addComment(t, fan.token, post.id, '回复一', mine.id);
    await addComment(t, fan.token, post.id, '回复二', mine.id);
    // The older one goes: the row still shows the newer.
    expect((await del(host, a.id)).body.code).toBe(0);
    expect(await rowsOf(me, 'comment_reply')).toEqual([{ body: '回复二', actorCount: 1 }]);
  });
});

describe('a deleted or removed comment', () => {
  it('leaves no read row quoting it: a comment on a post shows the post, others 该评论已删除', async () => {
    const [me, fan, host] = [await t.login(), await t.login(), await t.login()];
    const post = await seedPost(t, me.user.id, { content: '我的帖子正文' });
    const rude = await addComment(t, fan.token, post.id, '一条违规的评论');
    const elsewhere = await seedPost(t, host.user.id);
    const mine = await addComment(t, me.token, elsewhere.id, '我在别处的评论');
    const reply = await addComment(t, fan.token, elsewhere.id, '一条违规的回复', mine.id);
    await t.call('POST', `/api/v1/comment/${mine.id}/like`, { token: fan.token });
    // Read: the rows are history now, and still must not quote what is gone.
    const before = await noticesOf(t, me.token, 'interaction');
    expect(before.map((n) => [n.type, n.body])).toEqual([
      ['comment_like', '我在别处的评论'],
      ['comment_reply', '一条违规的回复'],
      ['post_comment', '一条违规的评论'],
    ]);

    expect((await adminRemove(rude.id)).body.code).toBe(0);
    expect((await del(fan, reply.id)).body.code).toBe(0);
    expect((await del(me, mine.id)).body.code).toBe(0);
    const after = await noticesOf(t, me.token, 'interaction');
    expect(after.map((n) => [n.type, n.body, n.read])).toEqual([
      ['comment_like', '该评论已删除', true],
      ['comment_reply', '该评论已删除', true],
      ['post_comment', '我的帖子正文', true],
    ]);
  });

  it('is taken off an unread row that still has other actors, which then shows the post', async () => {
    const [me, a, b] = [await t.login(), await t.login(), await t.login()];
    const post = await seedPost(t, me.user.id, { content: '热闹的帖子' });
    await addComment(t, a.token, post.id, '甲的评论');
    const bad = await addComment(t, b.token, post.id, '乙的违规评论');
    expect((await adminRemove(bad.id)).body.code).toBe(0);
    expect(await rowsOf(me, 'post_comment')).toEqual([{ body: '热闹的帖子', actorCount: 1 }]);
  });
});
