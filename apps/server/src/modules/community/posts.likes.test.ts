import {
  ErrorCode,
  type LikeData,
  type Page,
  type Post,
  type PostFavouriteData,
  type UnreadCounts,
} from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, seedPost } from '../../../test/community.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { postFavourites, postLikes, posts } from '../../db/schema/community.js';
import { postScore } from './rank.js';

/** Likes and favourites: idempotent, exact under concurrency, the rank moved with the count. */
let t: TestApp;

beforeAll(async () => {
  t = await (await startTestApp({ env: { POST_RATE_PER_10_MINUTES: '1000' } })).listen();
});
afterAll(() => t?.close());

const like = (id: number, token: string, on = true) =>
  t.call<LikeData>(on ? 'POST' : 'DELETE', `/api/v1/post/${id}/like`, { token });
const favourite = (id: number, token: string, on = true) =>
  t.call<PostFavouriteData>(on ? 'POST' : 'DELETE', `/api/v1/post/${id}/favourite`, { token });
const unread = async (token: string) =>
  (await t.call<UnreadCounts>('GET', '/api/v1/notice/unread', { token })).body.data;

/** The post's row and its like and favourite rows, counted. */
async function stateOf(id: number) {
  const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
  const likes = await t.db.select().from(postLikes).where(eq(postLikes.postId, id));
  const favs = await t.db.select().from(postFavourites).where(eq(postFavourites.postId, id));
  return { row: row!, likes: likes.length, favourites: favs.length };
}

function expectConsistent(s: Awaited<ReturnType<typeof stateOf>>) {
  expect(s.row.likeCount).toBe(s.likes);
  expect(s.row.favouriteCount).toBe(s.favourites);
  const expected = postScore(s.row.likeCount, s.row.commentCount, s.row.favouriteCount, s.row.createdAt);
  expect(s.row.score).toBeCloseTo(expected, 9);
}

describe('a like', () => {
  it('is idempotent both ways, moves the count and the rank once, and tells the author', async () => {
    const author = await t.login();
    const fan = await t.login();
    const p = await createPost(t, author.token, { content: '点赞测试' });
    const scoreBefore = (await stateOf(p.id)).row.score;

    expect((await like(p.id, fan.token)).body).toMatchObject({
      code: 0,
      data: { liked: true, like_count: 1 },
    });
    expect((await like(p.id, fan.token)).body.data).toEqual({ liked: true, like_count: 1 });
    let s = await stateOf(p.id);
    expectConsistent(s);
    // One like is worth nothing yet (log10 of 1); a second one lifts the rank.
    expect(s.row.score).toBeCloseTo(scoreBefore, 9);
    const second = await t.login();
    expect((await like(p.id, second.token)).body.data).toEqual({ liked: true, like_count: 2 });
    expect((await stateOf(p.id)).row.score).toBeGreaterThan(scoreBefore);
    await like(p.id, second.token, false);
    expect((await unread(author.token)).interaction).toBeGreaterThan(0);
    const seen = await t.call<Post>('GET', `/api/v1/post/${p.id}`, { token: fan.token });
    expect(seen.body.data).toMatchObject({ liked: true, like_count: 1 });

    expect((await like(p.id, fan.token, false)).body.data).toEqual({ liked: false, like_count: 0 });
    expect((await like(p.id, fan.token, false)).body.data).toEqual({ liked: false, like_count: 0 });
    s = await stateOf(p.id);
    expectConsistent(s);
    expect(s.row.score).toBeCloseTo(scoreBefore, 9);

    // Liking your own post counts, but tells nobody.
    const mineBefore = await unread(author.token);
    expect((await like(p.id, author.token)).body.data).toEqual({ liked: true, like_count: 1 });
    expect(await unread(author.token)).toEqual(mineBefore);
  });

  it('needs a login and a published post', async () => {
    const author = await t.login();
    const p = await createPost(t, author.token);
    expect((await t.call('POST', `/api/v1/post/${p.id}/like`)).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await like(999_999_999, author.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await favourite(999_999_999, author.token, false)).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('under concurrency', () => {
  it('likes and favourites racing the post’s deletion are taken before it or refused, never after', async () => {
    const author = await t.login();
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.login()));
    const p = await createPost(t, author.token, { content: '马上删除' });
    const [gone, ...answers] = await Promise.all([
      t.call('DELETE', `/api/v1/post/${p.id}`, { token: author.token }),
      ...fans.flatMap((f) => [like(p.id, f.token), favourite(p.id, f.token)]),
    ]);
    expect(gone.body.code).toBe(0);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.every((r) => [0, ErrorCode.NOT_FOUND].includes(r.body.code))).toBe(true);
    const s = await stateOf(p.id);
    expectConsistent(s);
    expect(s.likes + s.favourites).toBe(answers.filter((r) => r.body.code === 0).length);
    // Nothing more once it is gone: refused, and the counts stay as they were.
    expect((await like(p.id, author.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await favourite(p.id, fans[0]!.token, false)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect(await stateOf(p.id)).toEqual(s);
  });

  it('50 users liking and unliking at once leave counts equal to the rows, never negative', async () => {
    const author = await t.login();
    const p = await createPost(t, author.token, { content: '并发点赞' });
    const users = await Promise.all(Array.from({ length: 50 }, () => t.login()));
    // Each user: like, unlike, like, and the odd ones unlike again; favourites the same way, interleaved.
    const results = await Promise.all(
      users.map(async (u, i) => {
        const codes: number[] = [];
        for (const on of [true, false, true, ...(i % 2 ? [false] : [])]) {
          const [l, f] = await Promise.all([like(p.id, u.token, on), favourite(p.id, u.token, on)]);
          codes.push(l.status === 200 ? l.body.code : -l.status, f.status === 200 ? f.body.code : -f.status);
        }
        return codes;
      }),
    );
    expect(results.flat().every((c) => c === 0)).toBe(true);
    const s = await stateOf(p.id);
    expect(s.likes).toBe(25);
    expect(s.favourites).toBe(25);
    expectConsistent(s);
  });

  it('50 concurrent likes by one user are one like; 50 concurrent unlikes leave zero', async () => {
    const author = await t.login();
    const fan = await t.login();
    const p = await createPost(t, author.token);
    const likes = await Promise.all(Array.from({ length: 50 }, () => like(p.id, fan.token)));
    expect(likes.every((r) => r.status === 200 && r.body.code === 0 && r.body.data.liked)).toBe(true);
    const favs = await Promise.all(Array.from({ length: 50 }, () => favourite(p.id, fan.token)));
    expect(favs.every((r) => r.body.code === 0 && r.body.data.favourited)).toBe(true);
    let s = await stateOf(p.id);
    expect([s.likes, s.row.likeCount, s.favourites, s.row.favouriteCount]).toEqual([1, 1, 1, 1]);
    expectConsistent(s);

    const undo = await Promise.all(Array.from({ length: 50 }, () => like(p.id, fan.token, false)));
    expect(undo.every((r) => r.body.code === 0 && !r.body.data.liked && r.body.data.like_count === 0)).toBe(
      true,
    );
    s = await stateOf(p.id);
    expect([s.likes, s.row.likeCount]).toEqual([0, 0]);
    expectConsistent(s);
  });
});

describe('favourites', () => {
  it('lists published favourites, newest favourite first, paged', async () => {
    const author = await t.login();
    const me = await t.login();
    const ps: Post[] = [];
    for (let i = 0; i < 5; i++) ps.push(await createPost(t, author.token, { content: `收藏${i}` }));
    // Favourited in the order 2, 0, 4, 1, 3.
    for (const i of [2, 0, 4, 1, 3]) {
      expect((await favourite(ps[i]!.id, me.token)).body.data).toEqual({
        favourited: true,
        favourite_count: 1,
      });
    }
    const list = async (cursor?: string) =>
      (
        await t.call<Page<Post>>(
          'GET',
          `/api/v1/post/favourite?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          {
            token: me.token,
          },
        )
      ).body.data;
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(cursor);
      expect(page.list.every((p) => p.favourited)).toBe(true);
      ids.push(...page.list.map((p) => p.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual([3, 1, 4, 0, 2].map((i) => ps[i]!.id));

    // Unfavourited, or no longer published (held for review), it leaves the list.
    await favourite(ps[3]!.id, me.token, false);
    await t.db.update(posts).set({ status: 'pending_review' }).where(eq(posts.id, ps[1]!.id));
    const after = await t.call<Page<Post>>('GET', '/api/v1/post/favourite', { token: me.token });
    expect(after.body.data.list.map((p) => p.id)).toEqual([4, 0, 2].map((i) => ps[i]!.id));
    const other = await t.login();
    expect(
      (await t.call<Page<Post>>('GET', '/api/v1/post/favourite', { token: other.token })).body.data.list,
    ).toEqual([]);
    expect((await t.call('GET', '/api/v1/post/favourite')).body.code).toBe(ErrorCode.NO_TOKEN);
  });

  it('ranks in SQL exactly as postScore does, whatever the counts and the age', async () => {
    const author = await t.login();
    const combos = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [7, 3, 2],
      [999, 250, 41],
      [123_456, 7_890, 1_234],
    ] as const;
    for (const [i, [likes, comments, favourites]] of combos.entries()) {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 37_000_123 - 5 * 86_400_000);
      const p = await seedPost(t, author.user.id, { createdAt, score: -1 });
      // `adjustCounts` writes the counts and the SQL rank (`scoreAfter`) in one statement.
      const row = await t.db.transaction((tx) =>
        t.modules.posts.adjustCounts(tx, p.id, { likes, comments, favourites }),
      );
      expect(row!.score).toBeCloseTo(postScore(likes, comments, favourites, createdAt), 9);
    }
  });

  it('moves the rank by two per favourite', async () => {
    const author = await t.login();
    const p = await seedPost(t, author.user.id, { likeCount: 0 });
    const fans = await Promise.all(Array.from({ length: 3 }, () => t.login()));
    for (const f of fans) await favourite(p.id, f.token);
    const s = await stateOf(p.id);
    expect(s.row.score).toBeCloseTo(postScore(6, 0, 0, s.row.createdAt), 9);
  });
});
