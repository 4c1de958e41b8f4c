import { ErrorCode, type Post } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot, publishedBot } from '../../../test/bots.js';
import { createPost } from '../../../test/community.js';
import { image } from '../../../test/files.js';
import { MINUTE, randomPhone, type TestApp } from '../../../test/helpers.js';
import { startUploadsApp, upload } from '../../../test/uploads.js';
import { posts, snippets, topics } from '../../db/schema/community.js';

/** Publishing a post: what it may carry, what is refused, the rate limit and the screen. */
let u: Awaited<ReturnType<typeof startUploadsApp>>;
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  const adminPhone = randomPhone();
  u = await startUploadsApp('disk', { env: { ADMIN_PHONES: adminPhone } });
  t = u.t;
  admin = await t.login(adminPhone);
});
afterAll(() => u?.close());

const publish = (token: string, body: unknown) => t.call<Post>('POST', '/api/v1/post', { token, body });
const uploadImage = async (
  token: string,
  purpose: 'post_image' | 'avatar' = 'post_image',
  w = 40,
  h = 30,
) => {
  const res = await upload(t, token, purpose, await image(w, h), 'a.png');
  if (res.code !== 0) throw new Error(res.msg);
  return res.data;
};
/** Each test its own author: the rate limit counts per user. */
const author = () => t.login();

describe('publishing', () => {
  it('publishes text with own images in order, keeping their size, and shows it to others', async () => {
    const me = await author();
    const a = await uploadImage(me.token, 'post_image', 40, 30);
    const b = await uploadImage(me.token, 'post_image', 20, 50);
    const res = await publish(me.token, { content: '  今天的旅行计划  ', images: [b.id, a.id] });
    expect(res.body.code).toBe(0);
    const p = res.body.data;
    expect(p).toMatchObject({
      content: '今天的旅行计划',
      status: 'published',
      author: { id: me.user.id, nickname: me.user.nickname },
      images: [
        { url: b.url, width: 20, height: 50 },
        { url: a.url, width: 40, height: 30 },
      ],
      bot: null,
      snippet: null,
      topic: null,
      like_count: 0,
      comment_count: 0,
      favourite_count: 0,
      liked: false,
      favourited: false,
      is_mine: true,
      reject_reason: null,
    });
    expect(p.images[0]!.url).toMatch(/^\/media\/u\//);
    const seen = await t.call<Post>('GET', `/api/v1/post/${p.id}`);
    expect(seen.body.data).toMatchObject({ id: p.id, is_mine: false, images: p.images });
  });

  it('refuses images that are not the author’s own post images', async () => {
    const me = await author();
    const other = await author();
    const theirs = await uploadImage(other.token);
    const mine = await uploadImage(me.token);
    const avatar = await uploadImage(me.token, 'avatar');
    for (const images of [[theirs.id], [mine.id, theirs.id], [avatar.id], [999_999_999]]) {
      const res = await publish(me.token, { content: '图', images });
      expect(res.body).toMatchObject({
        code: ErrorCode.BAD_REQUEST,
        msg: '只能使用自己上传的图片',
        data: { field: 'images' },
      });
    }
    const dup = await publish(me.token, { content: '图', images: [mine.id, mine.id] });
    expect(dup.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '图片不能重复' });
    const ten = await publish(me.token, {
      content: '图',
      images: Array.from({ length: 10 }, (_, i) => i + 1),
    });
    expect(ten.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '最多9张图片' });
    const [row] = await t.db.select().from(posts).where(eq(posts.authorId, me.user.id));
    expect(row).toBeUndefined();
  });

  it('carries a public bot, an enabled topic or a copy of the author’s snippet', async () => {
    const me = await author();
    const bot = await publishedBot(t, me.token, admin.token, { name: '旅行助手' });
    const [topic] = await t.db
      .insert(topics)
      .values({ name: `旅行${Date.now()}` })
      .returning();
    const withBot = await createPost(t, me.token, { bot_id: bot.id, topic_id: topic!.id });
    expect(withBot.bot).toMatchObject({ id: bot.id, name: '旅行助手' });
    expect(withBot.topic).toEqual({ id: topic!.id, name: topic!.name });

    const messages = Array.from({ length: 5 }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      content: `第${i + 1}条`.padEnd(300, '。'),
    }));
    const [snip] = await t.db
      .insert(snippets)
      .values({ userId: me.user.id, botId: bot.id, title: '一段对话', note: '备注', messages })
      .returning();
    const withSnippet = await createPost(t, me.token, { content: '', snippet_id: snip!.id });
    expect(withSnippet.snippet).toMatchObject({
      title: '一段对话',
      note: '备注',
      bot: { id: bot.id, name: '旅行助手' },
      message_count: 5,
      messages,
    });
    // The feed shows the first three, cut; the copy stays when the owner deletes the snippet.
    await t.db.delete(snippets).where(eq(snippets.id, snip!.id));
    const feed = await t.call<{ list: Post[] }>('GET', '/api/v1/post?tab=latest', { token: me.token });
    const card = feed.body.data.list.find((p) => p.id === withSnippet.id)!;
    expect(card.snippet!.messages).toHaveLength(3);
    expect(card.snippet!.messages[0]!.content).toHaveLength(201);
    const detail = await t.call<Post>('GET', `/api/v1/post/${withSnippet.id}`);
    expect(detail.body.data.snippet!.messages).toEqual(messages);
  });

  it('cuts a card’s snippet messages at characters as users see them, never inside an emoji', async () => {
    const me = await author();
    const content = '👍🏻'.repeat(250);
    const [snip] = await t.db
      .insert(snippets)
      .values({ userId: me.user.id, title: '表情', messages: [{ role: 'assistant', content }] })
      .returning();
    const p = await createPost(t, me.token, { content: '', snippet_id: snip!.id });
    const feed = await t.call<{ list: Post[] }>('GET', '/api/v1/post?tab=latest', { token: me.token });
    const card = feed.body.data.list.find((x) => x.id === p.id)!;
    expect(card.snippet!.messages[0]!.content).toBe(`${'👍🏻'.repeat(200)}…`);
  });

  it('refuses a private bot, a disabled or unknown topic, someone else’s snippet, and both cards', async () => {
    const me = await author();
    const other = await author();
    const privateBot = await createBot(t, me.token);
    const [off] = await t.db
      .insert(topics)
      .values({ name: `停用${Date.now()}`, enabled: false })
      .returning();
    const [theirs] = await t.db
      .insert(snippets)
      .values({ userId: other.user.id, title: '别人的', messages: [{ role: 'user', content: '你好' }] })
      .returning();
    const cases: [unknown, string, string][] = [
      [{ content: 'x', bot_id: privateBot.id }, '智能体不存在或未公开', 'bot_id'],
      [{ content: 'x', bot_id: 999_999_999 }, '智能体不存在或未公开', 'bot_id'],
      [{ content: 'x', topic_id: off!.id }, '话题不存在', 'topic_id'],
      [{ content: 'x', topic_id: 999_999_999 }, '话题不存在', 'topic_id'],
      [{ content: 'x', snippet_id: theirs!.id }, '片段不存在或已删除', 'snippet_id'],
      [
        { content: 'x', bot_id: privateBot.id, snippet_id: theirs!.id },
        '智能体卡片和片段只能二选一',
        'snippet_id',
      ],
      [{ content: '   ' }, '请填写正文或添加图片', 'content'],
      [{ content: 'x', images: 'abc' }, '图片格式不正确', 'images'],
      [{ content: 12 }, '', 'content'],
    ];
    for (const [body, msg, field] of cases) {
      const res = await publish(me.token, body);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
      if (msg) expect(res.body.msg).toBe(msg);
      expect(res.body.data).toMatchObject({ field });
    }
    expect(await t.db.select().from(posts).where(eq(posts.authorId, me.user.id))).toHaveLength(0);
    const anon = await t.call('POST', '/api/v1/post', { body: { content: 'x' } });
    expect(anon.body.code).toBe(ErrorCode.NO_TOKEN);
  });

  it('counts characters as users see them and refuses broken text at the edge', async () => {
    const me = await author();
    const thumbs = '👍🏻'.repeat(2000);
    const ok = await publish(me.token, { content: thumbs });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.content).toBe(thumbs);
    const long = await publish(me.token, { content: '好'.repeat(2001) });
    expect(long.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '正文最多2000个字' });
    const emojiLong = await publish(me.token, { content: '👍🏻'.repeat(2001) });
    expect(emojiLong.body.code).toBe(ErrorCode.BAD_REQUEST);
    for (const content of ['a\u0000b', 'a\ud800b', 'a\udc00']) {
      const res = await publish(me.token, { content });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
    }
    expect(await t.db.select().from(posts).where(eq(posts.authorId, me.user.id))).toHaveLength(1);
  });

  it('holds a post with a listed word for review: the author sees 审核中, nobody else sees it', async () => {
    const me = await author();
    const other = await author();
    const p = await createPost(t, me.token, { content: '需要的联系我，代开发票' });
    expect(p.status).toBe('pending_review');
    const [row] = await t.db.select().from(posts).where(eq(posts.id, p.id));
    expect(row!.flaggedWord).toBe('代开发票');
    expect((await t.call<Post>('GET', `/api/v1/post/${p.id}`, { token: me.token })).body.data.status).toBe(
      'pending_review',
    );
    for (const token of [other.token, undefined]) {
      const res = await t.call('GET', `/api/v1/post/${p.id}`, { token });
      expect(res.body.code).toBe(ErrorCode.NOT_FOUND);
    }
    // A listed word in the snippet's title or note holds it too.
    const [snip] = await t.db
      .insert(snippets)
      .values({ userId: me.user.id, title: '代开发票', messages: [{ role: 'user', content: '你好' }] })
      .returning();
    expect((await createPost(t, me.token, { content: '看看', snippet_id: snip!.id })).status).toBe(
      'pending_review',
    );
  });

  it('holds a post whose snippet has a listed word in any message, whichever side said it', async () => {
    const me = await author();
    for (const [i, role] of (['user', 'assistant'] as const).entries()) {
      const messages = [
        { role: 'user' as const, content: '你好' },
        { role: 'assistant' as const, content: '你好，有什么可以帮你？' },
        { role, content: `第${i}段：哪里能找到赌 博网站` },
      ];
      const [snip] = await t.db
        .insert(snippets)
        .values({ userId: me.user.id, title: '一段对话', note: '', messages })
        .returning();
      const p = await createPost(t, me.token, { content: '看看这段', snippet_id: snip!.id });
      expect(p.status).toBe('pending_review');
      const [row] = await t.db.select().from(posts).where(eq(posts.id, p.id));
      expect(row!.flaggedWord).toBe('赌博网站');
    }
  });

  it('answers a topic deleted while the post is written with 10001 or keeps the topic, never a 500', async () => {
    for (let i = 0; i < 5; i++) {
      const me = await author();
      const created = await t.call<{ id: number }>('POST', '/api/v1/admin/topic', {
        token: admin.token,
        body: { name: `并发${i}${Date.now() % 100000}` },
      });
      const topicId = created.body.data.id;
      const [post, gone] = await Promise.all([
        publish(me.token, { content: '带话题的帖子', images: [], topic_id: topicId }),
        t.call('DELETE', `/api/v1/admin/topic/${topicId}`, { token: admin.token }),
      ]);
      expect([0, ErrorCode.BAD_REQUEST]).toContain(post.body.code);
      expect([0, ErrorCode.CONFLICT]).toContain(gone.body.code);
      // Exactly one of them won: the post with its topic, or the deletion.
      expect(post.body.code === 0).toBe(gone.body.code !== 0);
      if (post.body.code !== 0) expect(post.body.msg).toBe('话题不存在');
    }
  });
});

describe('the rate limit', () => {
  it('allows 10 posts in 10 minutes, then 10029 until the oldest leaves the window', async () => {
    const me = await author();
    for (let i = 0; i < 10; i++) {
      expect((await publish(me.token, { content: `第${i}条` })).body.code).toBe(0);
      t.clock.advance(10_000);
    }
    const refused = await publish(me.token, { content: '第11条' });
    expect(refused.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(refused.body.msg).toMatch(/^发帖过于频繁，请\d+分钟后再试$/);
    t.clock.advance(10 * MINUTE);
    expect((await publish(me.token, { content: '又一条' })).body.code).toBe(0);
  });

  it('answers 50 identical concurrent posts with 10 posts and 40 refusals, never a 500', async () => {
    const me = await author();
    const img = await uploadImage(me.token);
    const all = await Promise.all(
      Array.from({ length: 50 }, () => publish(me.token, { content: '同一条', images: [img.id] })),
    );
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(all.filter((r) => r.body.code === 0)).toHaveLength(10);
    expect(all.filter((r) => r.body.code === ErrorCode.RATE_LIMITED)).toHaveLength(40);
    expect(await t.db.select().from(posts).where(eq(posts.authorId, me.user.id))).toHaveLength(10);
  });
});
