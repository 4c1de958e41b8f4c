import { COMMENT_REPLY_PREVIEW, ErrorCode, type Comment, type LikeData } from '@lingxi/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addComment,
  allPages,
  block,
  commentCounts,
  commentOn,
  counts,
  noticesOf,
  repliesOf,
  threadsOf,
} from '../../../test/comments.js';
import { seedPost } from '../../../test/community.js';
import { MINUTE, startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
type User = Awaited<ReturnType<TestApp['login']>>;
let author: User;
let reader: User;
let other: User;

beforeAll(async () => {
  t = await (await startTestApp()).listen();
  [author, reader, other] = [await t.login(), await t.login(), await t.login()];
});
afterAll(() => t?.close());
// Each test starts with a fresh minute of the comment rate limit.
beforeEach(() => t.clock.advance(MINUTE));

const del = (token: string | undefined, id: number) => t.call('DELETE', `/api/v1/comment/${id}`, { token });
const like = (token: string, id: number, on = true) =>
  t.call<LikeData>(on ? 'POST' : 'DELETE', `/api/v1/comment/${id}/like`, { token });

describe('reading comments', () => {
  it('pages top-level comments newest first and each thread’s replies oldest first, stable while new ones arrive', async () => {
    const post = await seedPost(t, author.user.id);
    const tops: Comment[] = [];
    for (let i = 0; i < 7; i++) {
      tops.push(await addComment(t, reader.token, post.id, `评论${i}`));
      t.clock.advance(1000);
    }
    const root = tops[0]!;
    const replies: Comment[] = [];
    for (let i = 0; i < 5; i++) replies.push(await addComment(t, other.token, post.id, `回复${i}`, root.id));

    const first = await threadsOf(t, post.id, undefined, '?limit=3');
    expect(first.code).toBe(0);
    expect(first.data.list.map((c) => c.content)).toEqual(['评论6', '评论5', '评论4']);
    // A comment written between two pages does not shift the next one.
    await addComment(t, other.token, post.id, '新来的评论');
    const second = await threadsOf(t, post.id, undefined, `?limit=3&cursor=${first.data.next_cursor}`);
    expect(second.data.list.map((c) => c.content)).toEqual(['评论3', '评论2', '评论1']);
    const third = await threadsOf(t, post.id, undefined, `?limit=3&cursor=${second.data.next_cursor}`);
    expect(third.data.list.map((c) => c.content)).toEqual(['评论0']);
    expect(third.data.next_cursor).toBeNull();

    const thread = third.data.list[0]!;
    expect(thread).toMatchObject({ reply_count: 5, root_id: null, reply_to: null, status: 'published' });
    expect(thread.replies.map((r) => r.content)).toEqual(['回复0', '回复1'].slice(0, COMMENT_REPLY_PREVIEW));
    expect(thread.replies[0]).toMatchObject({ root_id: root.id, reply_to: null, post_id: post.id });

    const all = await allPages((q) => repliesOf(t, root.id, undefined, q), 2);
    expect(all.map((r) => r.id)).toEqual(replies.map((r) => r.id));
    expect((await repliesOf(t, root.id, undefined, '?cursor=!!')).code).toBe(ErrorCode.BAD_REQUEST);
    // A reply is not a thread; an unknown id is nothing.
    expect((await repliesOf(t, replies[0]!.id)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await repliesOf(t, 999_999_999)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 13, rows: 13 });
  });

  it('names whom a reply to a reply answers (回复 @), and tells the right people', async () => {
    const post = await seedPost(t, author.user.id, { content: '周末去哪儿玩' });
    const root = await addComment(t, reader.token, post.id, '去爬山吧');
    const r1 = await addComment(t, other.token, post.id, '同意', root.id);
    const r2 = await addComment(t, author.token, post.id, '哪座山？', r1.id);
    expect(r1).toMatchObject({ root_id: root.id, reply_to: null, can_delete: true, liked: false });
    expect(r2).toMatchObject({ root_id: root.id, reply_to: { id: other.user.id } });

    const [thread] = (await threadsOf(t, post.id, reader.token)).data.list;
    expect(thread!.replies.map((r) => [r.content, r.reply_to?.id ?? null])).toEqual([
      ['同意', null],
      ['哪座山？', other.user.id],
    ]);
    const link = `/post/detail?id=${post.id}&comment=${root.id}`;
    const toAuthor = await noticesOf(t, author.token, 'interaction');
    expect(toAuthor.filter((n) => n.link === link).map((n) => n.type)).toEqual(['post_comment']);
    const toReader = await noticesOf(t, reader.token, 'interaction');
    expect(toReader.filter((n) => n.link === link).map((n) => n.type)).toEqual(['comment_reply']);
    const toOther = await noticesOf(t, other.token, 'interaction');
    expect(toOther.filter((n) => n.link === link).map((n) => n.type)).toEqual(['comment_reply']);

    // Replying to yourself tells nobody.
    const before = (await noticesOf(t, reader.token, 'interaction')).length;
    await addComment(t, reader.token, post.id, '自己补充一句', root.id);
    expect(await noticesOf(t, reader.token, 'interaction')).toHaveLength(before);
  });

  it('marks what the viewer liked and may delete; a logged-out viewer reads too', async () => {
    const post = await seedPost(t, author.user.id);
    const mine = await addComment(t, reader.token, post.id, '我的评论');
    const theirs = await addComment(t, other.token, post.id, '别人的评论');
    expect((await like(reader.token, theirs.id)).body.data).toEqual({ liked: true, like_count: 1 });
    const view = async (token?: string) =>
      Object.fromEntries((await threadsOf(t, post.id, token)).data.list.map((c) => [c.id, c]));
    const asReader = await view(reader.token);
    expect(asReader[mine.id]).toMatchObject({ can_delete: true, liked: false });
    expect(asReader[theirs.id]).toMatchObject({ can_delete: false, liked: true, like_count: 1 });
    const asAuthor = await view(author.token);
    expect([asAuthor[mine.id]!.can_delete, asAuthor[theirs.id]!.can_delete]).toEqual([true, true]);
    const loggedOut = await view();
    expect(loggedOut[theirs.id]).toMatchObject({ can_delete: false, liked: false });
  });
});

describe('writing comments', () => {
  it('refuses broken or overlong text, a reply_to of another post, and posts one may not comment on', async () => {
    const post = await seedPost(t, author.user.id);
    const elsewhere = await seedPost(t, author.user.id);
    const foreign = await addComment(t, reader.token, elsewhere.id, '另一个帖子的评论');
    const refused = async (body: unknown, postId = post.id, token = reader.token) =>
      (await t.call('POST', `/api/v1/post/${postId}/comment`, { token, body })).body;

    for (const body of [
      { content: 'a\u0000b' },
      { content: 'a\ud800b' },
      { content: '\udc00' },
      { content: '   ' },
      { content: 12 },
      {},
      { content: '👍🏻'.repeat(501) },
      { content: '好', reply_to: 'abc' },
      { content: '好', reply_to: -1 },
    ]) {
      expect((await refused(body)).code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
    }
    const long = await addComment(t, reader.token, post.id, '👍🏻'.repeat(500));
    expect(long.content).toBe('👍🏻'.repeat(500));

    const cross = await refused({ content: '串帖回复', reply_to: foreign.id });
    expect(cross).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '回复的评论不存在或已删除' });
    expect((await refused({ content: '回复不存在的', reply_to: 999_999_999 })).code).toBe(
      ErrorCode.BAD_REQUEST,
    );

    expect(
      (await t.call('POST', `/api/v1/post/${post.id}/comment`, { body: { content: '匿名' } })).body.code,
    ).toBe(ErrorCode.NO_TOKEN);
    expect((await refused({ content: '不存在的帖子' }, 999_999_999)).code).toBe(ErrorCode.NOT_FOUND);
    const pending = await seedPost(t, author.user.id, { status: 'pending_review' });
    expect((await refused({ content: '审核中的帖子' }, pending.id)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await refused({ content: '自己审核中的帖子' }, pending.id, author.token)).code).toBe(
      ErrorCode.FORBIDDEN,
    );
    const deleted = await seedPost(t, author.user.id, { status: 'deleted' });
    expect((await refused({ content: '已删除的帖子' }, deleted.id)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 1, rows: 1 });
  });

  it('stops a flood at 20 comments a minute', async () => {
    const user = await t.login();
    const post = await seedPost(t, author.user.id);
    for (let i = 0; i < 20; i++) await addComment(t, user.token, post.id, `刷屏${i}`);
    const res = await commentOn(t, user.token, post.id, '第二十一条');
    expect(res.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(res.body.msg).toMatch(/^评论过于频繁/);
    t.clock.advance(MINUTE);
    expect((await commentOn(t, user.token, post.id, '一分钟后')).body.code).toBe(0);
  });
});

describe('deleting comments', () => {
  it('lets the comment’s author and the post’s author delete, nobody else, and counts go down once', async () => {
    const post = await seedPost(t, author.user.id);
    const a = await addComment(t, reader.token, post.id, '评论甲');
    const b = await addComment(t, reader.token, post.id, '评论乙');
    const c = await addComment(t, author.token, post.id, '作者自己的');
    expect(await commentCounts(t, post.id)).toEqual({ stored: 3, rows: 3 });

    expect((await del(other.token, a.id)).body).toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect((await del(reader.token, c.id)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await del(undefined, a.id)).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await del(reader.token, 999_999_999)).body.code).toBe(ErrorCode.NOT_FOUND);

    expect((await del(reader.token, a.id)).body).toMatchObject({ code: 0, data: { ok: true } });
    expect((await del(reader.token, a.id)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await del(author.token, b.id)).body.code).toBe(0);
    expect((await threadsOf(t, post.id)).data.list.map((x) => x.id)).toEqual([c.id]);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 1, rows: 1 });
    expect((await like(other.token, a.id)).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('keeps a deleted top-level comment with replies as a placeholder, and drops one without', async () => {
    const post = await seedPost(t, author.user.id);
    const lonely = await addComment(t, reader.token, post.id, '没人回复');
    const root = await addComment(t, reader.token, post.id, '有人回复');
    const reply = await addComment(t, other.token, post.id, '我来回复', root.id);
    const answer = await addComment(t, author.token, post.id, '回复你的回复', reply.id);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 4, rows: 4 });

    await del(reader.token, lonely.id);
    await del(reader.token, root.id);
    const list = (await threadsOf(t, post.id, author.token)).data.list;
    expect(list.map((x) => x.id)).toEqual([root.id]);
    expect(list[0]).toMatchObject({ status: 'deleted', content: '', can_delete: false, reply_count: 2 });
    expect(list[0]!.replies.map((r) => r.id)).toEqual([reply.id, answer.id]);
    expect((await repliesOf(t, root.id)).data.list.map((r) => r.id)).toEqual([reply.id, answer.id]);
    // The replies stay shown, so they stay counted: only the two deleted comments left the count.
    expect(await commentCounts(t, post.id)).toEqual({ stored: 2, rows: 2 });
    expect(
      (await commentOn(t, other.token, post.id, { content: '回复已删除的', reply_to: root.id })).body.code,
    ).toBe(ErrorCode.BAD_REQUEST);

    // When its last replies go, the placeholder goes too.
    await del(other.token, reply.id);
    expect((await counts(t, root.id)).replyCount).toBe(1);
    await del(author.token, answer.id);
    expect(await counts(t, root.id)).toMatchObject({ replyCount: 0, replyRows: 0 });
    expect((await threadsOf(t, post.id)).data.list).toEqual([]);
    expect((await repliesOf(t, root.id)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 0, rows: 0 });
  });
});

describe('blocks', () => {
  it('refuses a commenter the post’s author blocked, and hides blocked authors for the blocker only', async () => {
    const [owner, pest, bystander] = [await t.login(), await t.login(), await t.login()];
    const post = await seedPost(t, owner.user.id);
    const early = await addComment(t, pest.token, post.id, '先来一条');
    const thread = await addComment(t, bystander.token, post.id, '路人的评论');
    const pestReply = await addComment(t, pest.token, post.id, '插一句', thread.id);

    await block(t, owner.user.id, pest.user.id);
    const res = await commentOn(t, pest.token, post.id, '还想评论');
    expect(res.body).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '由于对方的设置，你暂时无法评论' });

    const seenBy = async (token?: string) =>
      (await threadsOf(t, post.id, token)).data.list.map((c) => [c.id, c.replies.map((r) => r.id)]);
    expect(await seenBy(owner.token)).toEqual([[thread.id, []]]);
    expect((await repliesOf(t, thread.id, owner.token)).data.list).toEqual([]);
    expect(await seenBy(bystander.token)).toEqual([
      [thread.id, [pestReply.id]],
      [early.id, []],
    ]);
    expect(await seenBy()).toHaveLength(2);
    // What the blocker does not see, they cannot answer.
    expect(
      (await commentOn(t, owner.token, post.id, { content: '回他', reply_to: early.id })).body.code,
    ).toBe(ErrorCode.BAD_REQUEST);
    // The blocked user still comments elsewhere.
    const elsewhere = await seedPost(t, bystander.user.id);
    expect((await commentOn(t, pest.token, elsewhere.id, '别处的评论')).body.code).toBe(0);
  });
});

describe('a deleted comment whose replies are all by authors the viewer blocked', () => {
  it('is gone for that viewer, and a placeholder for everyone else', async () => {
    const [owner, pest, bystander] = [await t.login(), await t.login(), await t.login()];
    const post = await seedPost(t, owner.user.id);
    const root = await addComment(t, bystander.token, post.id, '会被删掉的评论');
    const reply = await addComment(t, pest.token, post.id, '唯一的回复', root.id);
    expect((await del(bystander.token, root.id)).body.code).toBe(0);
    await block(t, owner.user.id, pest.user.id);

    expect((await threadsOf(t, post.id, owner.token)).data.list).toEqual([]);
    expect((await repliesOf(t, root.id, owner.token)).code).toBe(ErrorCode.NOT_FOUND);
    for (const token of [bystander.token, pest.token, undefined]) {
      const list = (await threadsOf(t, post.id, token)).data.list;
      expect(list.map((c) => [c.id, c.status, c.replies.map((r) => r.id)])).toEqual([
        [root.id, 'deleted', [reply.id]],
      ]);
    }
  });
});

describe('comment likes', () => {
  it('likes once, unlikes once, and tells the author (never yourself)', async () => {
    const post = await seedPost(t, author.user.id);
    const c = await addComment(t, reader.token, post.id, '点赞我');
    const likeNotices = async () =>
      (await noticesOf(t, reader.token, 'interaction')).filter(
        (n) => n.type === 'comment_like' && n.link === `/post/detail?id=${post.id}&comment=${c.id}`,
      );
    expect((await like(other.token, c.id)).body.data).toEqual({ liked: true, like_count: 1 });
    expect(await likeNotices()).toHaveLength(1);
    expect((await like(other.token, c.id)).body.data).toEqual({ liked: true, like_count: 1 });
    expect((await like(reader.token, c.id)).body.data).toEqual({ liked: true, like_count: 2 });
    expect(await likeNotices()).toHaveLength(1);
    expect((await like(other.token, c.id, false)).body.data).toEqual({ liked: false, like_count: 1 });
    expect((await like(other.token, c.id, false)).body.data).toEqual({ liked: false, like_count: 1 });
    expect(await counts(t, c.id)).toMatchObject({ likeCount: 1, likeRows: 1 });
    expect((await like(other.token, 999_999_999)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call('POST', `/api/v1/comment/${c.id}/like`)).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await t.call('POST', '/api/v1/comment/abc/like', { token: other.token })).body.code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });
});
