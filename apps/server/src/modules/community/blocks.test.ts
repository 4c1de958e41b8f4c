import { ErrorCode, type BlockData, type BlockedUser, type Page, type Post } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../../../test/community.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { postFavourites, postLikes, topics, userBlocks } from '../../db/schema/community.js';

/** 拉黑: it hides the blocked user's posts from the blocker, and deletes nothing. */
let t: TestApp;

beforeAll(async () => {
  t = await (await startTestApp({ env: { POST_RATE_PER_10_MINUTES: '1000' } })).listen();
});
afterAll(() => t?.close());

const block = (id: number | string, token: string, on = true) =>
  t.call<BlockData>(on ? 'POST' : 'DELETE', `/api/v1/user/${id}/block`, { token });
const blockedList = (token: string, q = '') =>
  t.call<Page<BlockedUser>>('GET', `/api/v1/user/block${q}`, { token });

describe('blocking', () => {
  it('hides the blocked author from the blocker’s feeds and favourites only, until lifted', async () => {
    const [row] = await t.db.insert(topics).values({ name: '拉黑测试' }).returning();
    const topic = row!.id;
    const me = await t.login();
    const bystander = await t.login();
    const rude = await t.login();
    const nice = await t.login();
    const rudePost = await createPost(t, rude.token, { content: '讨厌的帖子', topic_id: topic });
    const nicePost = await createPost(t, nice.token, { content: '友好的帖子', topic_id: topic });
    await t.call('POST', `/api/v1/post/${rudePost.id}/favourite`, { token: me.token });
    await t.call('POST', `/api/v1/post/${rudePost.id}/like`, { token: me.token });

    const ids = async (path: string, token?: string) =>
      (await t.call<Page<Post>>('GET', path, { token })).body.data.list.map((p) => p.id);
    const views = (token?: string) =>
      Promise.all([
        ids(`/api/v1/post?tab=recommend&topic_id=${topic}`, token),
        ids(`/api/v1/post?tab=latest&topic_id=${topic}`, token),
      ]);
    // 推荐 puts the liked and favourited post first; 最新 the newer one.
    const both = [
      [rudePost.id, nicePost.id],
      [nicePost.id, rudePost.id],
    ];

    expect((await block(rude.user.id, me.token)).body).toEqual({
      code: 0,
      msg: 'ok',
      data: { blocked: true },
    });
    expect(await views(me.token)).toEqual([[nicePost.id], [nicePost.id]]);
    expect(await ids('/api/v1/post/favourite', me.token)).toEqual([]);
    // Nobody else is affected, the blocked user included.
    expect(await views(bystander.token)).toEqual(both);
    expect(await views(rude.token)).toEqual(both);
    expect(await views()).toEqual(both);
    // Nothing was deleted: the like and the favourite are still there.
    const mine = (table: typeof postLikes | typeof postFavourites) =>
      t.db
        .select()
        .from(table)
        .where(and(eq(table.postId, rudePost.id), eq(table.userId, me.user.id)));
    expect(await mine(postLikes)).toHaveLength(1);
    expect(await mine(postFavourites)).toHaveLength(1);

    expect((await block(rude.user.id, me.token, false)).body.data).toEqual({ blocked: false });
    expect(await views(me.token)).toEqual(both);
    expect(await ids('/api/v1/post/favourite', me.token)).toEqual([rudePost.id]);
  });

  it('is idempotent, exact under 30 concurrent blocks, and listed newest first with paging', async () => {
    const me = await t.login();
    const others = await Promise.all(Array.from({ length: 5 }, () => t.login()));
    for (const o of others) {
      t.clock.advance(1000);
      expect((await block(o.user.id, me.token)).body.data).toEqual({ blocked: true });
    }
    const target = others[0]!;
    const again = await Promise.all(Array.from({ length: 30 }, () => block(target.user.id, me.token)));
    expect(again.every((r) => r.status === 200 && r.body.code === 0 && r.body.data.blocked)).toBe(true);
    const rows = await t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, me.user.id));
    expect(rows).toHaveLength(5);

    const seen: BlockedUser[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof blockedList>> = await blockedList(
        me.token,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.body.code).toBe(0);
      seen.push(...res.body.data.list);
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(seen.map((b) => b.id)).toEqual(others.map((o) => o.user.id).reverse());
    expect(seen[0]).toMatchObject({ nickname: others[4]!.user.nickname, avatar: others[4]!.user.avatar });
    expect(seen[0]!.blocked_at).toBe(t.clock.now().toISOString());

    const unblocks = await Promise.all(
      Array.from({ length: 30 }, () => block(target.user.id, me.token, false)),
    );
    expect(unblocks.every((r) => r.body.code === 0 && !r.body.data.blocked)).toBe(true);
    expect((await blockedList(me.token)).body.data.list).toHaveLength(4);
    expect((await blockedList(target.token)).body.data.list).toHaveLength(0);
  });

  it('refuses yourself, unknown users, bad ids and no login', async () => {
    const me = await t.login();
    const self = await block(me.user.id, me.token);
    expect(self.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '不能拉黑自己' });
    expect((await block(me.user.id, me.token, false)).body.msg).toBe('不能拉黑自己');
    expect((await block(999_999_999, me.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await block(999_999_999, me.token, false)).body.code).toBe(ErrorCode.NOT_FOUND);
    for (const id of ['abc', '0', '-3'])
      expect((await block(id, me.token)).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await t.call('POST', '/api/v1/user/1/block')).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await t.call('GET', '/api/v1/user/block')).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await blockedList(me.token, '?cursor=abc')).body.code).toBe(ErrorCode.BAD_REQUEST);
  });
});
