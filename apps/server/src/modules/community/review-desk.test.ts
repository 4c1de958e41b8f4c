import {
  ErrorCode,
  type AdminBotReviewItem,
  type AdminCommentReviewItem,
  type MyBot,
  type Page,
  type ReviewCounts,
} from '@lingxi/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botForm, createBot, publishedBot } from '../../../test/bots.js';
import { startDeskApp, type Operator } from '../../../test/catalogue.js';
import { addComment, commentOn } from '../../../test/comments.js';
import { seedPost } from '../../../test/community.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { auditOf, reportPost } from '../../../test/moderation.js';

let t: TestApp;
let admin: Operator;
let other: Operator;
let author: Operator;

beforeAll(async () => {
  ({ t, admin, other } = await startDeskApp());
  author = await t.login();
});
afterAll(() => t?.close());
beforeEach(() => t.clock.advance(MINUTE));

const FLAGGED = '你这个傻逼';
const counts = async (token = admin.token) =>
  (await t.call<ReviewCounts>('GET', '/api/v1/admin/review/counts', { token })).body;
const heldPost = () =>
  seedPost(t, author.user.id, { status: 'pending_review', flaggedWord: '赌博', content: '赌博' });
const heldComment = async (postId: number, replyTo?: number) => {
  const res = await commentOn(t, author.token, postId, {
    content: FLAGGED,
    ...(replyTo ? { reply_to: replyTo } : {}),
  });
  expect(res.body.data.status).toBe('pending_review');
  return res.body.data;
};

/** Two operators' calls at the same moment: their envelopes. */
const both = async (a: () => Promise<{ body: { code: number; msg: string } }>, b: typeof a) =>
  (await Promise.all([a(), b()])).map((r) => r.body);
/** One of two decisions won, the other was told clearly why it did nothing. */
function oneWins(bodies: { code: number; msg: string }[], loser: number, msg: string) {
  expect(bodies.map((b) => b.code).sort()).toEqual([0, loser].sort());
  expect(bodies.find((b) => b.code !== 0)!.msg).toContain(msg);
}

describe('the review desk', () => {
  it('counts what waits in each queue', async () => {
    const before = (await counts()).data;
    expect(before).toEqual({
      bots: expect.any(Number),
      posts: expect.any(Number),
      comments: expect.any(Number),
      reports: expect.any(Number),
    });
    await createBot(t, author.token, { visibility: 'public' });
    await heldPost();
    const post = await seedPost(t, author.user.id);
    await heldComment(post.id);
    const reporters = [await t.login(), await t.login()];
    for (const r of reporters) await reportPost(t, r.token, post.id);
    expect((await counts()).data).toEqual({
      bots: before.bots + 1,
      posts: before.posts + 1,
      comments: before.comments + 1,
      // Two reports of one post: one group in the report queue.
      reports: before.reports + 1,
    });
    expect((await counts(author.token)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('GET', '/api/v1/admin/review/counts')).body.code).toBe(ErrorCode.NO_TOKEN);
  });

  it('shows a bot edit beside the live version, and a comment in its place', async () => {
    const bot = await publishedBot(t, author.token, admin.token, { name: '原来的名字' });
    const edit = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}`, {
      token: author.token,
      body: botForm({ name: '修改后的名字', visibility: 'public', greeting: '新的开场白' }),
    });
    expect(edit.body.data.pending_edit).toBe(true);
    const fresh = await createBot(t, author.token, { visibility: 'public' });
    const bots = (
      await t.call<Page<AdminBotReviewItem>>('GET', '/api/v1/admin/review/bot?limit=50', {
        token: admin.token,
      })
    ).body.data.list;
    expect(bots.find((b) => b.id === bot.id)).toMatchObject({
      name: '修改后的名字',
      greeting: '新的开场白',
      pending_edit: true,
      live: { name: '原来的名字', greeting: bot.greeting, persona: bot.persona, category: bot.category },
    });
    expect(bots.find((b) => b.id === fresh.id)).toMatchObject({ pending_edit: false, live: null });

    const post = await seedPost(t, author.user.id, { content: '一篇帖子的正文'.repeat(20) });
    const root = await addComment(t, other.token, post.id, '被回复的评论');
    const reply = await heldComment(post.id, root.id);
    const top = await heldComment(post.id);
    const comments = (
      await t.call<Page<AdminCommentReviewItem>>('GET', '/api/v1/admin/review/comment?limit=50', {
        token: admin.token,
      })
    ).body.data.list;
    const shown = comments.find((c) => c.id === reply.id)!;
    expect(shown).toMatchObject({
      content: FLAGGED,
      flagged_word: '傻逼',
      reply_to_content: '被回复的评论',
      post: { id: post.id, status: 'published' },
    });
    expect(shown.post!.excerpt.startsWith('一篇帖子的正文')).toBe(true);
    expect(shown.post!.excerpt.endsWith('…')).toBe(true);
    expect(comments.find((c) => c.id === top.id)).toMatchObject({ reply_to_content: null });
  });
});

describe('two operators deciding one item at once', () => {
  it('a bot: one decision wins, the other is told it left the queue; one audit row, one notice', async () => {
    const bot = await createBot(t, author.token, { visibility: 'public' });
    const path = `/api/v1/admin/review/bot/${bot.id}`;
    const bodies = await both(
      () => t.call('POST', path, { token: admin.token, body: { decision: 'approve' } }),
      () => t.call('POST', path, { token: other.token, body: { decision: 'reject', reason: '违规内容' } }),
    );
    oneWins(bodies, ErrorCode.CONFLICT, '不在审核队列中');
    expect(
      (await auditOf(t, `bot:${bot.id}`)).filter((r) => /^bot\.(approve|reject)$/.test(r.action)),
    ).toHaveLength(1);
  });

  it('a post, a comment, a report and a removal: the same', async () => {
    const post = await heldPost();
    oneWins(
      await both(
        () =>
          t.call('POST', `/api/v1/admin/review/post/${post.id}`, {
            token: admin.token,
            body: { decision: 'approve' },
          }),
        () =>
          t.call('POST', `/api/v1/admin/review/post/${post.id}`, {
            token: other.token,
            body: { decision: 'reject', reason: '广告营销' },
          }),
      ),
      ErrorCode.CONFLICT,
      '不在审核队列中',
    );
    expect(await auditOf(t, `post:${post.id}`)).toHaveLength(1);

    const open = await seedPost(t, author.user.id);
    const comment = await heldComment(open.id);
    oneWins(
      await both(
        () =>
          t.call('POST', `/api/v1/admin/review/comment/${comment.id}`, {
            token: admin.token,
            body: { decision: 'reject', reason: '辱骂攻击' },
          }),
        () =>
          t.call('POST', `/api/v1/admin/review/comment/${comment.id}`, {
            token: other.token,
            body: { decision: 'approve' },
          }),
      ),
      ErrorCode.CONFLICT,
      '不在审核队列中',
    );
    expect(await auditOf(t, `comment:${comment.id}`)).toHaveLength(1);

    const reported = await seedPost(t, author.user.id);
    await reportPost(t, (await t.login()).token, reported.id);
    oneWins(
      await both(
        () =>
          t.call('POST', `/api/v1/admin/report/${reported.id}/resolve`, {
            token: admin.token,
            body: { action: 'dismiss' },
          }),
        () =>
          t.call('POST', `/api/v1/admin/report/${reported.id}/resolve`, {
            token: other.token,
            body: { action: 'remove', reason: '违规内容' },
          }),
      ),
      ErrorCode.CONFLICT,
      '没有待处理的举报',
    );
    expect(await auditOf(t, `post:${reported.id}`)).toHaveLength(1);

    const doomed = await seedPost(t, author.user.id);
    const remove = (token: string) => () =>
      t.call('DELETE', `/api/v1/admin/post/${doomed.id}`, { token, body: { reason: '违规内容' } });
    oneWins(await both(remove(admin.token), remove(other.token)), ErrorCode.CONFLICT, '已删除');
    expect(await auditOf(t, `post:${doomed.id}`)).toHaveLength(1);
  });
});
