import { ErrorCode, type Page, type Post, type ReportQueueItem } from '@lingxi/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPost } from '../../../test/community.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import {
  auditOf,
  noticesOf,
  postRow,
  reportPost,
  reportsOf,
  startModerationApp,
} from '../../../test/moderation.js';
import { setSettings } from '../../../test/money.js';
import { REPORTS_PER_HOUR } from './moderation.service.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };

beforeAll(async () => {
  ({ t, admin } = await startModerationApp());
});
afterAll(() => t?.close());
// Each test starts from the default; a test that needs another threshold sets it.
beforeEach(() => setSettings(t.db, t.modules.settings, { report_hide_threshold: 5 }));

const threshold = (n: number) => setSettings(t.db, t.modules.settings, { report_hide_threshold: n });
const users = (n: number) => Promise.all(Array.from({ length: n }, () => t.login()));
const queue = async (status: 'open' | 'resolved', q = '') =>
  (
    await t.call<Page<ReportQueueItem>>('GET', `/api/v1/admin/report?status=${status}${q}`, {
      token: admin.token,
    })
  ).body;
/** Every page of the queue, following the cursors. */
async function wholeQueue(status: 'open' | 'resolved') {
  const all: ReportQueueItem[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = await queue(status, `&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...page.data.list);
    cursor = page.data.next_cursor;
  }
  return all;
}
const resolve = (postId: number, body: unknown) =>
  t.call<Post>('POST', `/api/v1/admin/report/${postId}/resolve`, { token: admin.token, body });
/** Whether someone other than the author can still read the post (the feeds and the detail's rule). */
const readableBy = (userId: number, postId: number) =>
  t.modules.posts.readable(t.db, userId, postId).then(
    () => true,
    () => false,
  );

describe('reporting a post', () => {
  it('refuses one’s own post, posts others cannot see, bad reasons and text, and anonymous users', async () => {
    const author = await t.login();
    const other = await t.login();
    const post = await seedPost(t, author.user.id);

    const own = await reportPost(t, author.token, post.id);
    expect(own.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '不能举报自己的帖子' });

    for (const status of ['pending_review', 'rejected', 'deleted'] as const) {
      const hidden = await seedPost(t, author.user.id, { status });
      expect((await reportPost(t, other.token, hidden.id)).body.code).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await reportPost(t, other.token, 987654321)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await reportPost(t, '', post.id)).body.code).toBe(20003);

    const bad = [
      { reason: 'boring' },
      { reason: 42 },
      { reason: 'other', detail: '说'.repeat(201) },
      { reason: 'other', detail: 'a\u0000b' },
      { reason: 'other', detail: '\ud800' },
    ];
    for (const body of bad) {
      const res = await t.call('POST', `/api/v1/post/${post.id}/report`, { token: other.token, body });
      expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
    }
    expect(
      (await t.call('POST', `/api/v1/post/abc/report`, { token: other.token, body: {} })).body.code,
    ).toBe(ErrorCode.BAD_REQUEST);
    expect(await reportsOf(t, post.id)).toEqual([]);
    expect((await postRow(t, post.id)).reportCount).toBe(0);
  });

  it('takes a stored threshold below 1 as unset: the default 5 holds', async () => {
    for (const stored of [0, -1, 2.5]) {
      await setSettings(t.db, t.modules.settings, { report_hide_threshold: stored }, { asStored: true });
      expect((await t.modules.settings.rules()).report_hide_threshold).toBe(5);
    }
    await threshold(1);
    expect((await t.modules.settings.rules()).report_hide_threshold).toBe(1);
    const post = await seedPost(t, (await t.login()).user.id);
    const [a] = await users(1);
    expect((await reportPost(t, a!.token, post.id, { reason: 'spam' })).body.code).toBe(0);
    expect(await postRow(t, post.id)).toMatchObject({ status: 'pending_review', hiddenByReports: true });
  });

  it('hides the post at exactly N distinct reporters; repeats change nothing; the author still sees it', async () => {
    await threshold(3);
    const author = await t.login();
    const [a, b, c, d] = await users(4);
    const post = await seedPost(t, author.user.id);

    expect((await reportPost(t, a!.token, post.id, { reason: 'spam', detail: '广告' })).body).toMatchObject({
      code: 0,
      data: { ok: true },
    });
    expect((await reportPost(t, a!.token, post.id, { reason: 'abuse' })).body.code).toBe(0);
    expect((await reportPost(t, b!.token, post.id, { reason: 'fraud' })).body.code).toBe(0);
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'published',
      reportCount: 2,
      hiddenByReports: false,
    });
    // The repeat kept the first report as it was.
    expect((await reportsOf(t, post.id)).map((r) => r.reason)).toEqual(['spam', 'fraud']);
    expect(await readableBy(d!.user.id, post.id)).toBe(true);

    t.clock.advance(MINUTE);
    expect((await reportPost(t, c!.token, post.id, { reason: 'spam' })).body.code).toBe(0);
    const hidden = await postRow(t, post.id);
    expect(hidden).toMatchObject({ status: 'pending_review', reportCount: 3, hiddenByReports: true });
    expect(hidden.updatedAt).toEqual(t.clock.now());
    expect(await readableBy(d!.user.id, post.id)).toBe(false);
    expect(await readableBy(author.user.id, post.id)).toBe(true);
    // Hidden now: nobody else can see it, so nobody else can report it.
    expect((await reportPost(t, d!.token, post.id)).body.code).toBe(ErrorCode.NOT_FOUND);

    const item = (await wholeQueue('open')).find((i) => i.post.id === post.id)!;
    expect(item).toMatchObject({
      report_count: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'fraud', count: 1 },
      ],
      details: ['广告'],
      post: { id: post.id, status: 'pending_review', is_mine: false },
    });
    const review = await t.call<Page<{ id: number; report_count: number; flagged_word: string | null }>>(
      'GET',
      '/api/v1/admin/review/post?limit=50',
      { token: admin.token },
    );
    expect(review.body.data.list.find((p) => p.id === post.id)).toMatchObject({
      report_count: 3,
      flagged_word: null,
    });
  });

  it('counts 50 concurrent reports by 50 users exactly, and their 50 repeats not at all', async () => {
    await threshold(1000);
    const author = await t.login();
    const reporters = await users(50);
    const post = await seedPost(t, author.user.id);
    const fire = () => Promise.all(reporters.map((r) => reportPost(t, r.token, post.id)));

    expect((await fire()).map((r) => r.body.code)).toEqual(Array(50).fill(0));
    expect(await postRow(t, post.id)).toMatchObject({ status: 'published', reportCount: 50 });
    expect((await fire()).map((r) => r.body.code)).toEqual(Array(50).fill(0));
    expect((await postRow(t, post.id)).reportCount).toBe(50);
    expect(await reportsOf(t, post.id)).toHaveLength(50);
  });

  it('under 50 concurrent reports past the threshold: hidden once, and the count still equals the reports', async () => {
    const author = await t.login();
    const reporters = await users(50);
    const post = await seedPost(t, author.user.id);
    const codes = (await Promise.all(reporters.map((r) => reportPost(t, r.token, post.id)))).map(
      (r) => r.body.code,
    );
    // Those who came after it was hidden no longer see it.
    expect(codes.every((c) => c === 0 || c === ErrorCode.NOT_FOUND)).toBe(true);
    const row = await postRow(t, post.id);
    const reports = await reportsOf(t, post.id);
    expect(row).toMatchObject({ status: 'pending_review', hiddenByReports: true });
    expect(row.reportCount).toBe(reports.length);
    expect(reports.length).toBe(codes.filter((c) => c === 0).length);
    expect(reports.length).toBeGreaterThanOrEqual(5);
  });

  it('is rate-limited per user', async () => {
    const author = await t.login();
    const reporter = await t.login();
    const many = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 1 }, () => seedPost(t, author.user.id)),
    );
    for (const p of many.slice(0, REPORTS_PER_HOUR))
      expect((await reportPost(t, reporter.token, p.id)).body.code).toBe(0);
    const refused = await reportPost(t, reporter.token, many.at(-1)!.id);
    expect(refused.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(refused.body.msg).toMatch(/^举报过于频繁/);
    t.clock.advance(61 * MINUTE);
    expect((await reportPost(t, reporter.token, many.at(-1)!.id)).body.code).toBe(0);
  });
});

describe('the report queue', () => {
  it('groups open reports per post, most reported first, page by page', async () => {
    const author = await t.login();
    const reporters = await users(3);
    const [one, three, two] = await Promise.all([1, 2, 3].map(() => seedPost(t, author.user.id)));
    for (const [p, n] of [
      [one!, 1],
      [three!, 3],
      [two!, 2],
    ] as const)
      for (const r of reporters.slice(0, n)) await reportPost(t, r.token, p.id, { reason: 'porn' });

    const mine = (await wholeQueue('open')).filter((i) => [one, two, three].some((p) => p!.id === i.post.id));
    expect(mine.map((i) => [i.post.id, i.report_count])).toEqual([
      [three!.id, 3],
      [two!.id, 2],
      [one!.id, 1],
    ]);
    // Counts never increase down the queue, and pages of one neither repeat nor skip a post.
    const all = await wholeQueue('open');
    const counts = all.map((i) => i.report_count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const paged: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await queue('open', `&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.data.list.map((i) => i.post.id));
      cursor = page.data.next_cursor;
    }
    expect(paged).toEqual(all.map((i) => i.post.id));
    expect((await queue('open', '&cursor=nonsense')).code).toBe(ErrorCode.BAD_REQUEST);
    expect((await queue('bogus' as 'open')).code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('dismiss: the hidden post is published again, reports resolved, the author and reporters told', async () => {
    await threshold(2);
    const author = await t.login();
    const [a, b, c] = await users(3);
    const post = await seedPost(t, author.user.id, { content: '一篇被误举报的游记' });
    await reportPost(t, a!.token, post.id);
    await reportPost(t, b!.token, post.id);
    expect((await postRow(t, post.id)).status).toBe('pending_review');

    const res = await resolve(post.id, { action: 'dismiss' });
    expect(res.body).toMatchObject({ code: 0, data: { id: post.id, status: 'published' } });
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'published',
      hiddenByReports: false,
      reportCount: 0,
    });
    expect((await reportsOf(t, post.id)).map((r) => [r.status, r.resolution, r.resolvedBy])).toEqual([
      ['resolved', 'dismiss', admin.user.id],
      ['resolved', 'dismiss', admin.user.id],
    ]);
    expect(await readableBy(c!.user.id, post.id)).toBe(true);
    expect((await noticesOf(t, author.token, 'review'))[0]).toMatchObject({
      type: 'post_approved',
      title: '帖子已通过审核',
      body: '你的帖子「一篇被误举报的游记」经审核未发现违规，已恢复展示。',
      link: `/post/detail?id=${post.id}`,
    });
    for (const r of [a!, b!])
      expect((await noticesOf(t, r.token, 'system')).find((n) => n.type === 'report_resolved')).toMatchObject(
        {
          title: '你举报的内容已处理',
          body: '你举报的帖子经核实暂未发现违规，已保留。感谢你的反馈。',
        },
      );
    expect((await auditOf(t, `post:${post.id}`)).map((r) => [r.action, r.actorId, r.detail])).toEqual([
      ['report.dismiss', admin.user.id, { reports: 2, status: 'pending_review' }],
    ]);
    expect((await wholeQueue('open')).some((i) => i.post.id === post.id)).toBe(false);
    expect((await wholeQueue('resolved')).find((i) => i.post.id === post.id)).toMatchObject({
      report_count: 2,
    });

    // Nothing left to resolve; the earlier reporters' repeats change nothing; a new reporter counts from zero.
    expect((await resolve(post.id, { action: 'dismiss' })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await reportPost(t, a!.token, post.id)).body.code).toBe(0);
    expect((await postRow(t, post.id)).reportCount).toBe(0);
    expect((await reportPost(t, c!.token, post.id)).body.code).toBe(0);
    expect(await postRow(t, post.id)).toMatchObject({ status: 'published', reportCount: 1 });
  });

  it('dismiss of a post still published keeps it, and tells its author nothing', async () => {
    const author = await t.login();
    const reporter = await t.login();
    const post = await seedPost(t, author.user.id);
    await reportPost(t, reporter.token, post.id);
    expect((await resolve(post.id, { action: 'dismiss' })).body.data.status).toBe('published');
    expect(await noticesOf(t, author.token, 'review')).toEqual([]);
  });

  it('remove: needs a reason; the post is deleted, its author told why, the reports resolved', async () => {
    const author = await t.login();
    const reporter = await t.login();
    const post = await seedPost(t, author.user.id, { content: '加我微信领取免费会员' });
    await reportPost(t, reporter.token, post.id, { reason: 'spam' });

    const noReason = await resolve(post.id, { action: 'remove' });
    expect(noReason.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请填写删除原因' });
    expect((await resolve(post.id, { action: 'delete' })).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await resolve(post.id, { action: 'remove', reason: 'x\u0000' })).body.code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    expect((await postRow(t, post.id)).status).toBe('published');

    t.clock.advance(MINUTE);
    const res = await resolve(post.id, { action: 'remove', reason: '发布广告信息' });
    expect(res.body).toMatchObject({ code: 0, data: { status: 'deleted' } });
    const row = await postRow(t, post.id);
    expect(row).toMatchObject({ status: 'deleted', reportCount: 0 });
    expect(row.deletedAt).toEqual(t.clock.now());
    expect((await reportsOf(t, post.id)).map((r) => r.resolution)).toEqual(['remove']);
    expect((await noticesOf(t, author.token, 'review'))[0]).toMatchObject({
      type: 'post_removed',
      title: '帖子已被删除',
      body: '你的帖子「加我微信领取免费会员」因违反社区规范已被删除，原因：发布广告信息。',
      link: null,
    });
    expect(
      (await noticesOf(t, reporter.token, 'system')).find((n) => n.type === 'report_resolved'),
    ).toMatchObject({ body: '你举报的帖子经核实违反社区规范，已被删除。感谢你的反馈，让社区更好。' });
    expect((await auditOf(t, `post:${post.id}`)).map((r) => [r.action, r.detail])).toEqual([
      ['report.remove', { reports: 1, status: 'published', reason: '发布广告信息' }],
    ]);
    const resolved = (await wholeQueue('resolved')).find((i) => i.post.id === post.id)!;
    expect(resolved).toMatchObject({ report_count: 1, reasons: [{ reason: 'spam', count: 1 }] });
    expect(resolved.post.status).toBe('deleted');
    expect((await resolve(post.id, { action: 'remove', reason: '再删一次' })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
    expect((await resolve(987654321, { action: 'dismiss' })).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});
