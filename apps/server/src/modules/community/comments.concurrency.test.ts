import { randomInt } from 'node:crypto';
import { ErrorCode, type Comment, type LikeData } from '@lingxi/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment, commentCounts, commentOn, counts } from '../../../test/comments.js';
import { seedPost } from '../../../test/community.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { comments } from '../../db/schema/community.js';

let t: TestApp;
type User = Awaited<ReturnType<TestApp['login']>>;
let users: User[];

beforeAll(async () => {
  t = await (await startTestApp()).listen();
  users = [];
  for (let i = 0; i < 50; i++) users.push(await t.login());
});
afterAll(() => t?.close());

const like = (token: string, id: number, on: boolean) =>
  t.call<LikeData>(on ? 'POST' : 'DELETE', `/api/v1/comment/${id}/like`, { token });

/** Fisher–Yates, so the requests of a burst arrive in no particular order. */
function shuffled<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

describe('comment counters under concurrency', () => {
  it('stay exact under 50 users’ concurrent likes and unlikes', async () => {
    const post = await seedPost(t, users[0]!.user.id);
    const c = await addComment(t, users[0]!.token, post.id, '大家来点赞');

    const liked = await Promise.all(users.map((u) => like(u.token, c.id, true)));
    expect(liked.every((r) => r.body.code === 0 && r.body.data.liked)).toBe(true);
    expect(await counts(t, c.id)).toMatchObject({ likeCount: 50, likeRows: 50 });

    // Every user likes and unlikes at once, in random order: whatever wins, the count matches the rows.
    const toggles = shuffled(users.flatMap((u) => [true, false].map((on) => () => like(u.token, c.id, on))));
    const results = await Promise.all(toggles.map((f) => f()));
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    const after = await counts(t, c.id);
    expect(after.likeCount).toBe(after.likeRows);

    // One user's 50 identical likes are one like.
    const [one] = users;
    await like(one!.token, c.id, false);
    const before = (await counts(t, c.id)).likeCount;
    await Promise.all(Array.from({ length: 50 }, () => like(one!.token, c.id, true)));
    expect(await counts(t, c.id)).toMatchObject({ likeCount: before + 1, likeRows: before + 1 });
    await Promise.all(Array.from({ length: 50 }, () => like(one!.token, c.id, false)));
    expect(await counts(t, c.id)).toMatchObject({ likeCount: before, likeRows: before });
  });

  it('keep the post’s and the threads’ counts equal to their rows under 30 concurrent creates and deletes', async () => {
    const owner = users[0]!;
    const post = await seedPost(t, owner.user.id);
    const root = await addComment(t, users[1]!.token, post.id, '楼主好');
    const existing: { u: User; c: Comment }[] = [];
    for (let i = 0; i < 10; i++) {
      const u = users[2 + i]!;
      existing.push({ u, c: await addComment(t, u.token, post.id, `已有${i}`, i % 2 ? root.id : undefined) });
    }
    const creates = users.slice(20, 50).map((u, i) => async () => {
      const target = i % 3 === 0 ? undefined : i % 3 === 1 ? root.id : existing[i % 10]!.c.id;
      const res = await commentOn(t, u.token, post.id, {
        content: `并发${i}`,
        ...(target ? { reply_to: target } : {}),
      });
      return { create: true, code: res.body.code };
    });
    // The comments' authors delete half of them, the post's author the other half and the root.
    const deletes = [...existing.map(({ u, c }, i) => ({ id: c.id, token: i % 2 ? u.token : owner.token }))]
      .concat({ id: root.id, token: owner.token })
      .map(({ id, token }) => async () => {
        const res = await t.call('DELETE', `/api/v1/comment/${id}`, { token });
        return { create: false, code: res.body.code };
      });
    const results = await Promise.all(shuffled([...creates, ...deletes]).map((f) => f()));
    // Every delete lands; a reply may lose the race to the deletion of what it answers, nothing else fails.
    expect(results.filter((r) => !r.create).map((r) => r.code)).toEqual(Array(11).fill(0));
    for (const r of results.filter((r) => r.create)) expect([0, ErrorCode.BAD_REQUEST]).toContain(r.code);
    expect(results.filter((r) => r.create && r.code === 0).length).toBeGreaterThanOrEqual(10);

    const { stored, rows } = await commentCounts(t, post.id);
    expect(stored).toBe(rows);
    const roots = await t.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.postId, post.id), isNull(comments.rootId)));
    for (const r of roots) {
      const c = await counts(t, r.id);
      expect(c.replyCount, `root ${r.id}`).toBe(c.replyRows);
    }
  });
});
