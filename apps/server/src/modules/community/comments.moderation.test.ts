import { ErrorCode, type CommentReviewItem, type Page } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import {
  addComment,
  commentCounts,
  commentOn,
  counts,
  noticesOf,
  repliesOf,
  threadsOf,
} from '../../../test/comments.js';
import { seedPost } from '../../../test/community.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { auditLog } from '../../db/schema/admin.js';

let t: TestApp;
type User = Awaited<ReturnType<TestApp['login']>>;
let admin: User;
let author: User;
let writer: User;
let reader: User;

beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
  [author, writer, reader] = [await t.login(), await t.login(), await t.login()];
});
afterAll(() => t?.close());
beforeEach(() => t.clock.advance(MINUTE));

const FLAGGED = '你这个傻逼';
const queue = async (token = admin.token, q = '?limit=50') =>
  (await t.call<Page<CommentReviewItem>>('GET', `/api/v1/admin/review/comment${q}`, { token })).body;
const decide = (id: number, body: unknown, token = admin.token) =>
  t.call<CommentReviewItem>('POST', `/api/v1/admin/review/comment/${id}`, { token, body });
const remove = (id: number, body: unknown, token = admin.token) =>
  t.call<CommentReviewItem>('DELETE', `/api/v1/admin/comment/${id}`, { token, body });
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `comment:${id}`));
const interactions = async (u: User, postId: number) =>
  (await noticesOf(t, u.token, 'interaction'))
    .filter((n) => n.link?.startsWith(`/post/detail?id=${postId}&`))
    .map((n) => n.type);

describe('a comment with a listed word', () => {
  it('waits for review: its author sees it, nobody else, it is not counted and tells nobody', async () => {
    const post = await seedPost(t, author.user.id);
    const held = (await commentOn(t, writer.token, post.id, FLAGGED)).body;
    expect(held).toMatchObject({ code: 0, data: { status: 'pending_review', content: FLAGGED } });

    expect((await threadsOf(t, post.id, writer.token)).data.list).toMatchObject([
      { id: held.data.id, status: 'pending_review', can_delete: true },
    ]);
    expect((await threadsOf(t, post.id, author.token)).data.list).toEqual([]);
    expect((await threadsOf(t, post.id)).data.list).toEqual([]);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 0, rows: 0 });
    expect(await interactions(author, post.id)).toEqual([]);
    // Nobody else can answer, like or delete what they cannot see.
    const reply = await commentOn(t, reader.token, post.id, { content: '回复', reply_to: held.data.id });
    expect(reply.body.code).toBe(ErrorCode.BAD_REQUEST);
    expect(
      (await t.call('POST', `/api/v1/comment/${held.data.id}/like`, { token: reader.token })).body.code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await t.call('DELETE', `/api/v1/comment/${held.data.id}`, { token: author.token })).body.code,
    ).toBe(ErrorCode.NOT_FOUND);

    const item = (await queue()).data.list.find((c) => c.id === held.data.id);
    expect(item).toMatchObject({ flagged_word: '傻逼', content: FLAGGED, author: { id: writer.user.id } });
    expect((await queue(writer.token)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await queue(undefined, '?cursor=bad')).code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('is published, counted and announced when approved, with a review notice and an audit row', async () => {
    const post = await seedPost(t, author.user.id);
    const root = await addComment(t, reader.token, post.id, '正常评论');
    const held = await addComment(t, writer.token, post.id, `回复：${FLAGGED}`, root.id);
    expect(held.status).toBe('pending_review');
    expect(await counts(t, root.id)).toMatchObject({ replyCount: 0, replyRows: 0 });

    expect((await decide(held.id, { decision: 'approve' }, writer.token)).body.code).toBe(
      ErrorCode.FORBIDDEN,
    );
    const approved = await decide(held.id, { decision: 'approve' });
    expect(approved.body).toMatchObject({ code: 0, data: { status: 'published', flagged_word: '傻逼' } });
    expect((await decide(held.id, { decision: 'approve' })).body.code).toBe(ErrorCode.CONFLICT);

    expect((await repliesOf(t, root.id, author.token)).data.list.map((r) => r.id)).toEqual([held.id]);
    expect(await counts(t, root.id)).toMatchObject({ replyCount: 1, replyRows: 1 });
    expect(await commentCounts(t, post.id)).toEqual({ stored: 2, rows: 2 });
    expect(await interactions(reader, post.id)).toEqual(['comment_reply']);
    expect((await noticesOf(t, writer.token, 'review'))[0]).toMatchObject({
      type: 'comment_approved',
      title: '评论已通过审核',
      link: `/post/detail?id=${post.id}&comment=${root.id}`,
    });
    expect(await auditOf(held.id)).toMatchObject([
      { actorId: admin.user.id, action: 'comment.approve', detail: { postId: post.id } },
    ]);
    expect((await queue()).data.list.map((c) => c.id)).not.toContain(held.id);
  });

  it('is rejected only with a reason, which its author is told; it stays theirs to see', async () => {
    const post = await seedPost(t, author.user.id);
    const held = await addComment(t, writer.token, post.id, FLAGGED);
    for (const body of [
      { decision: 'reject' },
      { decision: 'reject', reason: '  ' },
      { decision: 'maybe' },
      {},
    ]) {
      expect((await decide(held.id, body)).body.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await decide(999_999_999, { decision: 'approve' })).body.code).toBe(ErrorCode.NOT_FOUND);
    const rejected = await decide(held.id, { decision: 'reject', reason: '含有辱骂内容' });
    expect(rejected.body).toMatchObject({ code: 0, data: { status: 'rejected' } });

    expect((await noticesOf(t, writer.token, 'review'))[0]).toMatchObject({
      type: 'comment_rejected',
      title: '评论未通过审核',
      body: `你的评论「${FLAGGED}」未通过审核，原因：含有辱骂内容。`,
    });
    expect(await auditOf(held.id)).toMatchObject([
      { action: 'comment.reject', detail: { reason: '含有辱骂内容', postId: post.id } },
    ]);
    expect((await threadsOf(t, post.id, writer.token)).data.list).toMatchObject([{ status: 'rejected' }]);
    expect((await threadsOf(t, post.id, reader.token)).data.list).toEqual([]);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 0, rows: 0 });
    expect(await interactions(author, post.id)).toEqual([]);
    // Its author may still delete it; nothing is counted down.
    expect((await t.call('DELETE', `/api/v1/comment/${held.id}`, { token: writer.token })).body.code).toBe(0);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 0, rows: 0 });
  });

  it('pages the queue oldest first', async () => {
    const post = await seedPost(t, author.user.id);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await addComment(t, writer.token, post.id, `${FLAGGED}${i}`)).id);
      t.clock.advance(1000);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<CommentReviewItem> = (
        await queue(admin.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).data;
      seen.push(...page.list.map((c) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
  });
});

describe('operators removing a comment', () => {
  it('takes it down, fixes the counts, tells its author why and audits it', async () => {
    const post = await seedPost(t, author.user.id);
    const root = await addComment(t, writer.token, post.id, '要被移除的评论');
    const reply = await addComment(t, reader.token, post.id, '一条回复', root.id);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 2, rows: 2 });

    expect((await remove(root.id, { reason: '' })).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await remove(root.id, {})).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await remove(root.id, { reason: '广告' }, writer.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    const removed = await remove(root.id, { reason: '广告引流' });
    expect(removed.body).toMatchObject({ code: 0, data: { status: 'deleted', content: '要被移除的评论' } });
    expect((await remove(root.id, { reason: '广告引流' })).body.code).toBe(ErrorCode.NOT_FOUND);

    expect(await commentCounts(t, post.id)).toEqual({ stored: 1, rows: 1 });
    expect((await threadsOf(t, post.id)).data.list).toMatchObject([
      { id: root.id, status: 'deleted', content: '', replies: [{ id: reply.id }] },
    ]);
    expect((await noticesOf(t, writer.token, 'review'))[0]).toMatchObject({
      type: 'comment_removed',
      body: '你的评论「要被移除的评论」因违反社区规范已被移除，原因：广告引流。',
    });
    expect(await auditOf(root.id)).toMatchObject([
      {
        actorId: admin.user.id,
        action: 'comment.remove',
        detail: { reason: '广告引流', status: 'published' },
      },
    ]);

    // A held comment can be removed too: nothing was counted, nothing is counted down.
    const held = await addComment(t, writer.token, post.id, FLAGGED);
    expect((await remove(held.id, { reason: '辱骂' })).body.code).toBe(0);
    expect(await commentCounts(t, post.id)).toEqual({ stored: 1, rows: 1 });
    expect((await queue()).data.list.map((c) => c.id)).not.toContain(held.id);
  });
});
