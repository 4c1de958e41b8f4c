import { ErrorCode, type Page, type Post } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, seedPost } from '../../../test/community.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { topics } from '../../db/schema/community.js';

/** The feeds: 推荐 by rank, 最新 by time, keyset pages that hold while new posts arrive. */
let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await (await startTestApp({ env: { POST_RATE_PER_10_MINUTES: '1000' } })).listen();
});
afterAll(() => t?.close());

let topicSeq = 0;
/** Each test reads its own topic's feed, so the file's other posts stay out of it. */
async function newTopic() {
  const [row] = await t.db
    .insert(topics)
    .values({ name: `话题${++topicSeq}` })
    .returning();
  return row!.id;
}

async function feed(
  q: { tab: 'recommend' | 'latest'; topic: number; limit?: number; cursor?: string },
  token?: string,
) {
  const params = new URLSearchParams({ tab: q.tab, topic_id: String(q.topic), limit: String(q.limit ?? 20) });
  if (q.cursor) params.set('cursor', q.cursor);
  const res = await t.call<Page<Post>>('GET', `/api/v1/post?${params}`, { token });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

/** Every page of a feed, following the cursors; `between` runs after each page. */
async function allPages(
  q: { tab: 'recommend' | 'latest'; topic: number; limit: number },
  token?: string,
  between?: () => Promise<void>,
) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await feed({ ...q, cursor }, token);
    ids.push(...page.list.map((p) => p.id));
    if (!page.next_cursor) return ids;
    cursor = page.next_cursor;
    await between?.();
  }
  throw new Error('the feed never ended');
}

describe('the orders', () => {
  it('推荐 ranks an older, much liked post above a newer quiet one, until enough time has passed', async () => {
    const topic = await newTopic();
    const author = await t.login();
    const liked = await createPost(t, author.token, { content: '很受欢迎的旧帖', topic_id: topic });
    t.clock.advance(HOUR);
    const quiet = await createPost(t, author.token, { content: '一小时后的新帖', topic_id: topic });
    // 12 likes: log10(12) ≈ 1.08, worth about 13.5 hours of freshness.
    for (let i = 0; i < 12; i++) {
      const fan = await t.login();
      expect((await t.call('POST', `/api/v1/post/${liked.id}/like`, { token: fan.token })).body.code).toBe(0);
    }
    t.clock.advance(19 * HOUR);
    const fresh = await createPost(t, author.token, { content: '二十小时后的新帖', topic_id: topic });

    const recommend = await feed({ tab: 'recommend', topic });
    expect(recommend.list.map((p) => p.id)).toEqual([fresh.id, liked.id, quiet.id]);
    expect(recommend.list[1]).toMatchObject({ like_count: 12 });
    const latest = await feed({ tab: 'latest', topic });
    expect(latest.list.map((p) => p.id)).toEqual([fresh.id, quiet.id, liked.id]);
  });

  it('pages 推荐 by [score, id] through ties without losing or repeating a post', async () => {
    const topic = await newTopic();
    const author = await t.login();
    const at = t.clock.now();
    // Equal scores in groups of three (same time, same engagement): the id breaks the tie.
    const rows = [];
    for (let i = 0; i < 23; i++) {
      rows.push(
        await seedPost(t, author.user.id, {
          topicId: topic,
          createdAt: new Date(at.getTime() - Math.floor(i / 3) * HOUR),
          likeCount: (i * 7) % 5,
        }),
      );
    }
    const expected = [...rows].sort((a, b) => b.score - a.score || b.id - a.id).map((r) => r.id);
    expect(await allPages({ tab: 'recommend', topic, limit: 5 })).toEqual(expected);
    expect(await allPages({ tab: 'latest', topic, limit: 4 })).toEqual(
      rows.map((r) => r.id).sort((a, b) => b - a),
    );
  });
});

describe('paging while new posts arrive', () => {
  it('page 2 continues page 1 exactly, in both tabs, whatever was published in between', async () => {
    const topic = await newTopic();
    const author = await t.login();
    const before: number[] = [];
    for (let i = 0; i < 15; i++) {
      before.push((await createPost(t, author.token, { content: `帖子${i}`, topic_id: topic })).id);
      t.clock.advance(60_000);
    }
    const newest = [...before].reverse();
    let arrived = 0;
    const publishMore = async () => {
      for (let i = 0; i < 3; i++) {
        t.clock.advance(1000);
        await createPost(t, author.token, { content: `新到${arrived++}`, topic_id: topic });
      }
    };
    expect(await allPages({ tab: 'latest', topic, limit: 4 }, undefined, publishMore)).toEqual(newest);
    const seenRecommend = await allPages({ tab: 'recommend', topic, limit: 4 }, undefined, publishMore);
    // Quiet posts rank by time alone: the first page started from the newest of that moment.
    const start = seenRecommend[0]!;
    const all = (await allPages({ tab: 'latest', topic, limit: 50 })).filter((id) => id <= start);
    expect(seenRecommend).toEqual(all);
    expect(new Set(seenRecommend).size).toBe(seenRecommend.length);
  });
});

describe('what a feed holds', () => {
  it('shows the viewer’s own posts waiting for review in 最新 only, and nobody else’s', async () => {
    const topic = await newTopic();
    const author = await t.login();
    const other = await t.login();
    const open = await createPost(t, author.token, { content: '正常的帖子', topic_id: topic });
    const held = await createPost(t, author.token, { content: '代开发票', topic_id: topic });
    const theirs = await createPost(t, other.token, { content: '代开发票，联系我', topic_id: topic });
    expect(held.status).toBe('pending_review');

    const ids = async (tab: 'recommend' | 'latest', token?: string) =>
      (await feed({ tab, topic }, token)).list.map((p) => p.id);
    expect(await ids('latest', author.token)).toEqual([held.id, open.id]);
    expect((await feed({ tab: 'latest', topic }, author.token)).list[0]).toMatchObject({
      status: 'pending_review',
      is_mine: true,
    });
    expect(await ids('latest', other.token)).toEqual([theirs.id, open.id]);
    expect(await ids('latest')).toEqual([open.id]);
    expect(await ids('recommend', author.token)).toEqual([open.id]);
    expect(await ids('recommend')).toEqual([open.id]);
  });

  it('pages 最新 through the viewer’s pending posts mixed with published ones', async () => {
    const topic = await newTopic();
    const me = await t.login();
    const expected: number[] = [];
    for (let i = 0; i < 9; i++) {
      const p = await createPost(t, me.token, {
        content: i % 3 === 0 ? `代开发票${i}` : `帖子${i}`,
        topic_id: topic,
      });
      expected.unshift(p.id);
    }
    expect(await allPages({ tab: 'latest', topic, limit: 2 }, me.token)).toEqual(expected);
  });

  it('marks what the viewer liked and favourited, and defaults to 推荐', async () => {
    const topic = await newTopic();
    const author = await t.login();
    const me = await t.login();
    const p = await createPost(t, author.token, { topic_id: topic });
    await t.call('POST', `/api/v1/post/${p.id}/like`, { token: me.token });
    await t.call('POST', `/api/v1/post/${p.id}/favourite`, { token: me.token });
    const res = await t.call<Page<Post>>('GET', `/api/v1/post?topic_id=${topic}`, { token: me.token });
    expect(res.body.data.list).toMatchObject([
      { id: p.id, liked: true, favourited: true, like_count: 1, favourite_count: 1, is_mine: false },
    ]);
    const anon = await feed({ tab: 'recommend', topic });
    expect(anon.list).toMatchObject([{ id: p.id, liked: false, favourited: false, is_mine: false }]);
  });

  it('refuses a bad tab, limit or cursor with 10001', async () => {
    const topic = await newTopic();
    const me = await t.login();
    for (let i = 0; i < 3; i++) await createPost(t, me.token, { topic_id: topic });
    const latestCursor = (await feed({ tab: 'latest', topic, limit: 1 })).next_cursor!;
    const recommendCursor = (await feed({ tab: 'recommend', topic, limit: 1 })).next_cursor!;
    for (const q of [
      'tab=hot',
      'limit=0',
      'limit=51',
      'cursor=abc',
      `tab=recommend&cursor=${latestCursor}`,
      `tab=latest&cursor=${recommendCursor}`,
      `cursor=${Buffer.from('[1e400,1]').toString('base64url')}`,
      'topic_id=x',
    ]) {
      const res = await t.call('GET', `/api/v1/post?${q}`);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
    }
  });
});
