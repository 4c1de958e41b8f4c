import { ErrorCode, type UnreadCounts } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import { addComment, block, commentCounts, commentOn, noticesOf } from '../../../test/comments.js';
import { seedPost } from '../../../test/community.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { posts } from '../../db/schema/community.js';

/** A block keeps the blocked user's actions from reaching the blocker as interaction notices. */
let t: TestApp;
type User = Awaited<ReturnType<TestApp['login']>>;
let admin: User;

beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t?.close());
beforeEach(() => t.clock.advance(MINUTE));

const unread = async (u: User) =>
  (await t.call<UnreadCounts>('GET', '/api/v1/notice/unread', { token: u.token })).body.data.interaction;
const act = (method: 'POST' | 'DELETE', path: string, u: User) =>
  t.call(method, `/api/v1${path}`, { token: u.token });
const decide = (id: number, body: unknown) =>
  t.call('POST', `/api/v1/admin/review/comment/${id}`, { token: admin.token, body });

describe('a user who blocked someone', () => {
  it('is told nothing of their likes, favourites, replies and comment likes; others still tell', async () => {
    const [me, pest, friend] = [await t.login(), await t.login(), await t.login()];
    const mine = await seedPost(t, me.user.id);
    const theirs = await seedPost(t, friend.user.id);
    const myComment = await addComment(t, me.token, theirs.id, '我的评论');
    await block(t, me.user.id, pest.user.id);

    for (const path of [
      `/post/${mine.id}/like`,
      `/post/${mine.id}/favourite`,
      `/comment/${myComment.id}/like`,
    ]) {
      expect((await act('POST', path, pest)).body.code).toBe(0);
    }
    await addComment(t, pest.token, theirs.id, '回复被拉黑者', myComment.id);
    expect(await unread(me)).toBe(0);
    // What they did still counts; only the notice is not sent. Undoing it changes nothing either.
    expect((await act('DELETE', `/post/${mine.id}/like`, pest)).body).toMatchObject({
      code: 0,
      data: { like_count: 0 },
    });
    expect(await unread(me)).toBe(0);

    await act('POST', `/post/${mine.id}/like`, friend);
    await addComment(t, friend.token, theirs.id, '朋友的回复', myComment.id);
    expect(await unread(me)).toBe(2);
    const rows = await noticesOf(t, me.token, 'interaction');
    expect(rows.map((n) => [n.type, n.actors.map((a) => a.id)])).toEqual([
      ['comment_reply', [friend.user.id]],
      ['post_like', [friend.user.id]],
    ]);
  });
});

describe('a held comment', () => {
  it('is not approved onto the post of an author who blocked its writer meanwhile; a reject still is', async () => {
    const [me, pest] = [await t.login(), await t.login()];
    const mine = await seedPost(t, me.user.id);
    const held = (await commentOn(t, pest.token, mine.id, '你这个傻逼')).body.data;
    expect(held.status).toBe('pending_review');
    await block(t, me.user.id, pest.user.id);

    const res = await decide(held.id, { decision: 'approve' });
    expect(res.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: '帖子作者已拉黑评论者，无法通过该评论',
    });
    expect(await commentCounts(t, mine.id)).toEqual({ stored: 0, rows: 0 });
    expect(await unread(me)).toBe(0);
    expect((await decide(held.id, { decision: 'reject', reason: '作者已拉黑' })).body.code).toBe(0);
  });

  it('answering someone who blocked its writer is approved, without telling them', async () => {
    const [me, pest, host] = [await t.login(), await t.login(), await t.login()];
    const post = await seedPost(t, host.user.id);
    const myComment = await addComment(t, me.token, post.id, '我的评论');
    const held = (await commentOn(t, pest.token, post.id, { content: '傻逼', reply_to: myComment.id })).body
      .data;
    await block(t, me.user.id, pest.user.id);
    await noticesOf(t, host.token, 'interaction');
    expect((await decide(held.id, { decision: 'approve' })).body.code).toBe(0);
    expect(await unread(me)).toBe(0);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 2, rows: 2 });
  });

  it('is not approved onto a post deleted or hidden meanwhile (10009), and can still be rejected', async () => {
    const [author, writer] = [await t.login(), await t.login()];
    for (const status of ['deleted', 'pending_review'] as const) {
      const post = await seedPost(t, author.user.id);
      const held = (await commentOn(t, writer.token, post.id, '傻逼')).body.data;
      if (status === 'deleted') {
        expect((await act('DELETE', `/post/${post.id}`, author)).body.code).toBe(0);
      } else {
        // Reports hid it.
        await t.db.update(posts).set({ status, hiddenByReports: true }).where(eq(posts.id, post.id));
      }
      const res = await decide(held.id, { decision: 'approve' });
      expect(res.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: '帖子已删除或未公开，无法通过该评论' });
      expect(await commentCounts(t, post.id)).toEqual({ stored: 0, rows: 0 });
      expect(await unread(author)).toBe(0);
      expect((await decide(held.id, { decision: 'reject', reason: '帖子已删除' })).body.code).toBe(0);
    }
  });
});
