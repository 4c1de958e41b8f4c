import { ErrorCode, type Page, type Post } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, seedPost } from '../../../test/community.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { postFavourites, posts } from '../../db/schema/community.js';

/** Who may read, delete, like and favourite which post; and 50 identical posts at once. */
let t: TestApp;

beforeAll(async () => {
  // A generous rate limit here: this file posts in bursts on purpose (the limit itself: posts.routes.test.ts).
  t = await (await startTestApp({ env: { POST_RATE_PER_10_MINUTES: '1000' } })).listen();
});
afterAll(() => t?.close());

const get = (id: number, token?: string) => t.call<Post>('GET', `/api/v1/post/${id}`, { token });
const del = (id: number, token?: string) => t.call('DELETE', `/api/v1/post/${id}`, { token });
const latest = async (token?: string) =>
  (await t.call<Page<Post>>('GET', '/api/v1/post?tab=latest&limit=50', { token })).body.data.list.map(
    (p) => p.id,
  );

describe('the access matrix', () => {
  it('others never see, delete, like or favourite a post waiting for review or rejected', async () => {
    const author = await t.login();
    const other = await t.login();
    const pending = await seedPost(t, author.user.id, { status: 'pending_review', flaggedWord: '代开发票' });
    const rejected = await seedPost(t, author.user.id, { status: 'rejected', rejectReason: '广告' });
    for (const p of [pending, rejected]) {
      for (const token of [other.token, undefined]) {
        expect((await get(p.id, token)).body.code).toBe(ErrorCode.NOT_FOUND);
      }
      expect((await del(p.id, other.token)).body.code).toBe(ErrorCode.NOT_FOUND);
      for (const method of ['POST', 'DELETE']) {
        for (const what of ['like', 'favourite']) {
          const res = await t.call(method, `/api/v1/post/${p.id}/${what}`, { token: other.token });
          expect(res.body.code).toBe(ErrorCode.NOT_FOUND);
        }
      }
      // The author reads it (and only they see why it was rejected), but may not like it until it is out.
      const mine = await get(p.id, author.token);
      expect(mine.body.data).toMatchObject({ id: p.id, status: p.status, is_mine: true });
      const like = await t.call('POST', `/api/v1/post/${p.id}/like`, { token: author.token });
      expect(like.body.code).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await get(rejected.id, author.token)).body.data.reject_reason).toBe('广告');
    expect(await latest(other.token)).not.toContain(pending.id);
    expect(await latest()).not.toContain(pending.id);
    expect(await latest(author.token)).toContain(pending.id);
    expect(await latest(author.token)).not.toContain(rejected.id);
  });

  it('only the author deletes a post; it leaves every feed and favourites list, and reads as missing', async () => {
    const author = await t.login();
    const other = await t.login();
    const p = await createPost(t, author.token, { content: '要删除的帖子' });
    await t.call('POST', `/api/v1/post/${p.id}/favourite`, { token: other.token });

    const refused = await del(p.id, other.token);
    expect(refused.body).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '只能删除自己的帖子' });
    expect((await del(p.id)).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await get(p.id, other.token)).body.data.id).toBe(p.id);

    t.clock.advance(1000);
    expect((await del(p.id, author.token)).body).toMatchObject({ code: 0, data: { ok: true } });
    const [row] = await t.db.select().from(posts).where(eq(posts.id, p.id));
    expect(row).toMatchObject({ status: 'deleted', deletedAt: t.clock.now() });
    expect((await del(p.id, author.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await del(999_999_999, author.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    for (const token of [author.token, other.token, undefined]) {
      expect((await get(p.id, token)).body.code).toBe(ErrorCode.NOT_FOUND);
      expect(await latest(token)).not.toContain(p.id);
    }
    const recommend = await t.call<Page<Post>>('GET', '/api/v1/post?limit=50', { token: other.token });
    expect(recommend.body.data.list.map((x) => x.id)).not.toContain(p.id);
    const favs = await t.call<Page<Post>>('GET', '/api/v1/post/favourite', { token: other.token });
    expect(favs.body.data.list).toHaveLength(0);
    // Nothing is erased: the favourite row is still there, only hidden.
    expect(await t.db.select().from(postFavourites).where(eq(postFavourites.postId, p.id))).toHaveLength(1);
    const like = await t.call('POST', `/api/v1/post/${p.id}/like`, { token: other.token });
    expect(like.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('deletes a post once under 20 concurrent deletes by its author', async () => {
    const author = await t.login();
    const p = await createPost(t, author.token);
    const all = await Promise.all(Array.from({ length: 20 }, () => del(p.id, author.token)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(all.filter((r) => r.body.code === 0).length).toBeGreaterThanOrEqual(1);
    expect(all.every((r) => r.body.code === 0 || r.body.code === ErrorCode.NOT_FOUND)).toBe(true);
  });

  it('refuses ids that are not ids', async () => {
    const me = await t.login();
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      for (const [method, path] of [
        ['GET', `/api/v1/post/${id}`],
        ['DELETE', `/api/v1/post/${id}`],
        ['POST', `/api/v1/post/${id}/like`],
        ['DELETE', `/api/v1/post/${id}/favourite`],
      ] as const) {
        const res = await t.call(method, path, { token: me.token });
        expect(res.status).toBe(200);
        expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
      }
    }
  });
});

describe('publishing twice', () => {
  it('answers 50 identical concurrent posts with 50 posts, never a 500', async () => {
    const me = await t.login();
    const all = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call<Post>('POST', '/api/v1/post', { token: me.token, body: { content: '同一条' } }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(all.map((r) => r.body.code)).toEqual(Array(50).fill(0));
    expect(new Set(all.map((r) => r.body.data.id)).size).toBe(50);
    expect(await t.db.select().from(posts).where(eq(posts.authorId, me.user.id))).toHaveLength(50);
  });
});
