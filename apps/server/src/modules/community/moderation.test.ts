import { ErrorCode, type Page, type Post, type PostReviewItem } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPost } from '../../../test/community.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { posts } from '../../db/schema/community.js';
import {
  auditOf,
  noticesOf,
  postRow,
  reportPost,
  reportsOf,
  startModerationApp,
} from '../../../test/moderation.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };

beforeAll(async () => {
  ({ t, admin } = await startModerationApp());
});
afterAll(() => t?.close());

const queue = async (q = '', token = admin.token) =>
  (await t.call<Page<PostReviewItem>>('GET', `/api/v1/admin/review/post${q}`, { token })).body;
/** The whole review queue, page by page (`limit` a page). */
async function wholeQueue(limit = 50) {
  const all: PostReviewItem[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = await queue(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...page.data.list);
    cursor = page.data.next_cursor;
  }
  return all;
}
const decide = (postId: number, body: unknown, token = admin.token) =>
  t.call<Post>('POST', `/api/v1/admin/review/post/${postId}`, { token, body });
const remove = (postId: number, body: unknown, token = admin.token) =>
  t.call('DELETE', `/api/v1/admin/post/${postId}`, { token, body });
/** A post held by a listed word, as publishing leaves it. */
const flagged = (authorId: number, content = '这里有赌博网站的链接') =>
  seedPost(t, authorId, { status: 'pending_review', flaggedWord: '赌博', content });

describe('the post review queue', () => {
  it('lists posts waiting for review oldest first, with the word that held them, page by page', async () => {
    const author = await t.login();
    const first = await flagged(author.user.id);
    t.clock.advance(MINUTE);
    const second = await flagged(author.user.id, '第二篇：赌博');
    const published = await seedPost(t, author.user.id);

    const all = await wholeQueue();
    const ids = all.map((p) => p.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(published.id);
    expect(all.find((p) => p.id === first.id)).toMatchObject({
      flagged_word: '赌博',
      report_count: 0,
      status: 'pending_review',
      content: '这里有赌博网站的链接',
      author: { id: author.user.id },
      is_mine: false,
    });
    expect((await wholeQueue(1)).map((p) => p.id)).toEqual(ids);
    expect((await queue('?cursor=bad')).code).toBe(ErrorCode.BAD_REQUEST);
    expect((await queue('?limit=0')).code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('approve: published, the author told, audited; a second decision finds it gone from the queue', async () => {
    const author = await t.login();
    const other = await t.login();
    const post = await flagged(author.user.id);
    expect(
      await t.modules.posts.readable(t.db, other.user.id, post.id).then(
        () => true,
        () => false,
      ),
    ).toBe(false);

    t.clock.advance(MINUTE);
    const res = await decide(post.id, { decision: 'approve' });
    expect(res.body).toMatchObject({
      code: 0,
      data: { id: post.id, status: 'published', reject_reason: null },
    });
    const row = await postRow(t, post.id);
    expect(row).toMatchObject({ status: 'published', hiddenByReports: false });
    expect(row.updatedAt).toEqual(t.clock.now());
    expect((await t.modules.posts.readable(t.db, other.user.id, post.id)).id).toBe(post.id);
    expect(await noticesOf(t, author.token, 'review')).toMatchObject([
      {
        type: 'post_approved',
        title: '帖子已通过审核',
        body: '你的帖子「这里有赌博网站的链接」已通过审核，现已公开发布。',
        link: `/post/detail?id=${post.id}`,
        read: false,
      },
    ]);
    expect((await auditOf(t, `post:${post.id}`)).map((a) => [a.action, a.actorId, a.detail])).toEqual([
      ['post.approve', admin.user.id, { flaggedWord: '赌博', hiddenByReports: false, reports: 0 }],
    ]);
    expect((await wholeQueue()).map((p) => p.id)).not.toContain(post.id);

    const again = await decide(post.id, { decision: 'reject', reason: '改主意了' });
    expect(again.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: '该帖子不在审核队列中' });
    expect((await postRow(t, post.id)).status).toBe('published');
    expect(await auditOf(t, `post:${post.id}`)).toHaveLength(1);
  });

  it('reject: needs a reason; rejected with it, which its author (only) sees, told in a notice', async () => {
    const author = await t.login();
    const post = await flagged(
      author.user.id,
      '   一篇\n很长很长很长很长很长很长很长很长的帖子，含有赌博   ',
    );

    for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '   ' }]) {
      const res = await decide(post.id, body);
      expect(res.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请填写驳回原因' });
    }
    for (const body of [
      { decision: 'maybe' },
      {},
      { decision: 'reject', reason: '长'.repeat(201) },
      { decision: 'reject', reason: '含\u0000空字符' },
    ])
      expect((await decide(post.id, body)).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await postRow(t, post.id)).status).toBe('pending_review');

    const res = await decide(post.id, { decision: 'reject', reason: '含有赌博相关内容' });
    expect(res.body.data).toMatchObject({ status: 'rejected', reject_reason: '含有赌博相关内容' });
    expect(await postRow(t, post.id)).toMatchObject({ status: 'rejected', rejectReason: '含有赌博相关内容' });
    expect((await t.modules.posts.readable(t.db, author.user.id, post.id)).status).toBe('rejected');
    expect((await noticesOf(t, author.token, 'review'))[0]).toMatchObject({
      type: 'post_rejected',
      title: '帖子未通过审核',
      body: '你的帖子「一篇 很长很长很长很长很长很长很长很长的…」未通过审核，原因：含有赌博相关内容。',
      link: `/post/detail?id=${post.id}`,
    });
    expect((await auditOf(t, `post:${post.id}`)).map((a) => [a.action, a.detail])).toEqual([
      [
        'post.reject',
        { flaggedWord: '赌博', hiddenByReports: false, reports: 0, reason: '含有赌博相关内容' },
      ],
    ]);
  });

  it('a post hidden by reports: approving dismisses its reports; rejecting upholds them', async () => {
    const author = await t.login();
    const reporter = await t.login();
    const kept = await seedPost(t, author.user.id);
    const dropped = await seedPost(t, author.user.id);
    for (const p of [kept, dropped]) await reportPost(t, reporter.token, p.id, { reason: 'abuse' });
    // As the threshold leaves them (docs/community.md, Moderation and reports).
    for (const p of [kept, dropped])
      await t.db
        .update(posts)
        .set({ status: 'pending_review', hiddenByReports: true })
        .where(eq(posts.id, p.id));

    expect((await decide(kept.id, { decision: 'approve' })).body.data.status).toBe('published');
    expect(await postRow(t, kept.id)).toMatchObject({ hiddenByReports: false, reportCount: 0 });
    expect((await reportsOf(t, kept.id)).map((r) => r.resolution)).toEqual(['dismiss']);
    expect((await noticesOf(t, author.token, 'review'))[0]!.body).toMatch(/经审核未发现违规，已恢复展示/);

    expect((await decide(dropped.id, { decision: 'reject', reason: '人身攻击' })).body.data.status).toBe(
      'rejected',
    );
    expect((await reportsOf(t, dropped.id)).map((r) => r.resolution)).toEqual(['remove']);
    const told = (await noticesOf(t, reporter.token, 'system')).filter((n) => n.type === 'report_resolved');
    expect(told.map((n) => n.body)).toEqual([
      '你举报的帖子经核实违反社区规范，已被删除。感谢你的反馈，让社区更好。',
      '你举报的帖子经核实暂未发现违规，已保留。感谢你的反馈。',
    ]);
  });

  it('refuses posts outside the queue and unknown ones', async () => {
    const author = await t.login();
    for (const status of ['published', 'rejected', 'deleted'] as const) {
      const p = await seedPost(t, author.user.id, { status });
      expect((await decide(p.id, { decision: 'approve' })).body.code).toBe(ErrorCode.CONFLICT);
    }
    expect((await decide(987654321, { decision: 'approve' })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await decide(0, { decision: 'approve' })).body.code).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('operators taking a post down', () => {
  it('needs a reason; deletes any post, tells its author why, upholds its reports, audited', async () => {
    const author = await t.login();
    const reporter = await t.login();
    const post = await seedPost(t, author.user.id, { content: '违规内容' });
    await reportPost(t, reporter.token, post.id, { reason: 'illegal' });

    for (const body of [
      {},
      { reason: '' },
      { reason: '  ' },
      { reason: '长'.repeat(201) },
      { reason: 'a\u0000' },
    ])
      expect((await remove(post.id, body)).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await postRow(t, post.id)).status).toBe('published');

    t.clock.advance(MINUTE);
    expect((await remove(post.id, { reason: '传播违法信息' })).body).toMatchObject({
      code: 0,
      data: { ok: true },
    });
    const row = await postRow(t, post.id);
    expect(row).toMatchObject({ status: 'deleted', reportCount: 0 });
    expect(row.deletedAt).toEqual(t.clock.now());
    expect((await reportsOf(t, post.id)).map((r) => [r.status, r.resolution])).toEqual([
      ['resolved', 'remove'],
    ]);
    expect((await noticesOf(t, author.token, 'review'))[0]).toMatchObject({
      type: 'post_removed',
      body: '你的帖子「违规内容」因违反社区规范已被删除，原因：传播违法信息。',
      link: null,
    });
    expect((await noticesOf(t, reporter.token, 'system')).some((n) => n.type === 'report_resolved')).toBe(
      true,
    );
    expect((await auditOf(t, `post:${post.id}`)).map((a) => [a.action, a.actorId, a.detail])).toEqual([
      ['post.remove', admin.user.id, { reason: '传播违法信息', status: 'published', reports: 1 }],
    ]);

    expect((await remove(post.id, { reason: '再来一次' })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await remove(987654321, { reason: '不存在' })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('works on posts in review or rejected as well', async () => {
    const author = await t.login();
    for (const status of ['pending_review', 'rejected'] as const) {
      const p = await seedPost(t, author.user.id, { status });
      expect((await remove(p.id, { reason: '清理' })).body.code).toBe(0);
      expect((await postRow(t, p.id)).status).toBe('deleted');
    }
  });

  it('refuses users who are not operators', async () => {
    const user = await t.login();
    const post = await flagged(user.user.id);
    expect((await queue('', user.token)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await decide(post.id, { decision: 'approve' }, user.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await remove(post.id, { reason: '删掉' }, user.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await postRow(t, post.id)).status).toBe('pending_review');
  });
});
