import { type Notice, type Page, type UnreadCounts } from '@lingxi/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { buy } from '../../../test/payments.js';
import { noticeActors, notices } from '../../db/schema/notices.js';
import type { Interaction, InteractionKind } from './notices.service.js';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t?.close());

type Person = { id: number; token: string; nickname: string };

/** A user with the nickname given. */
async function person(nickname: string): Promise<Person> {
  const { token, user } = await t.login();
  const res = await t.call('PUT', '/api/v1/user', { token, body: { nickname } });
  expect(res.body.code).toBe(0);
  return { id: user.id, token, nickname };
}

async function people(n: number, prefix: string) {
  const all: Person[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, (_, j) => person(`${prefix}${i + j}`));
    all.push(...(await Promise.all(batch)));
  }
  return all;
}

let targets = 1_000_000;
/** A target id of its own for each test, so groups never meet across tests. */
const target = () => ++targets;

function interaction(
  to: Person,
  by: Person,
  kind: InteractionKind,
  targetId: number,
  o: Partial<Interaction> = {},
) {
  return {
    recipientId: to.id,
    actorId: by.id,
    kind,
    targetId,
    excerpt: '今天和智能体聊了聊旅行计划',
    link: `/post/detail?id=${targetId}`,
    ...o,
  };
}
const interact = (i: Interaction) => t.db.transaction((tx) => t.modules.notices.interact(tx, i));
const retract = (i: Parameters<TestApp['modules']['notices']['retract']>[1]) =>
  t.db.transaction((tx) => t.modules.notices.retract(tx, i));

const unread = async (p: Person) =>
  (await t.call<UnreadCounts>('GET', '/api/v1/notice/unread', { token: p.token })).body.data;
const open = async (p: Person, category = 'interaction') =>
  (await t.call<Page<Notice>>('GET', `/api/v1/notice?category=${category}`, { token: p.token })).body.data
    .list;
/** What the recipient would see, without opening the category (which marks it read). */
async function rowsOf(p: Person) {
  return t.db.select().from(notices).where(eq(notices.userId, p.id)).orderBy(notices.id);
}

describe('interaction notices', () => {
  it('aggregate the likers of one target into one row, newest first, named as users expect', async () => {
    const [me, a, b, c] = await Promise.all([
      person('收件人'),
      person('小明'),
      person('小红'),
      person('小刚'),
    ]);
    const post = target();
    const like = (by: Person) => interaction(me!, by, 'post_like', post);

    await interact(like(a!));
    expect((await unread(me!)).interaction).toBe(1);
    t.clock.advance(MINUTE);
    await interact(like(b!));
    // Another kind on the same target is a row of its own.
    t.clock.advance(MINUTE);
    await interact(interaction(me!, a!, 'post_comment', post, { text: '写得真好\n\n想去' }));
    t.clock.advance(MINUTE);
    await interact(like(c!));
    expect(await unread(me!)).toMatchObject({ interaction: 2, total: 2 });

    const list = await open(me!);
    expect(list).toHaveLength(2);
    // The row a like joined moved to the top and is still unread.
    expect(list[0]).toMatchObject({
      category: 'interaction',
      type: 'post_like',
      title: '小刚、小红等 3 人赞了你的帖子',
      body: '今天和智能体聊了聊旅行计划',
      link: `/post/detail?id=${post}`,
      read: false,
      actor_count: 3,
      actors: [
        { id: c!.id, nickname: '小刚' },
        { id: b!.id, nickname: '小红' },
        { id: a!.id, nickname: '小明' },
      ],
    });
    expect(list[0]!.actors[0]!.avatar).toBeTruthy();
    expect(list[1]).toMatchObject({
      type: 'post_comment',
      title: '小明 评论了你的帖子',
      body: '写得真好 想去',
      actor_count: 1,
    });
    expect(await t.db.select().from(noticeActors).where(eq(noticeActors.noticeId, list[0]!.id))).toHaveLength(
      3,
    );
  });

  it('count an actor once, show the latest text cut to 60 characters, and name two actors', async () => {
    const [me, a, b] = await Promise.all([person('帖主'), person('阿甲'), person('阿乙')]);
    const comment = target();
    const reply = (by: Person, text: string) =>
      interaction(me!, by, 'comment_reply', comment, { excerpt: '我的评论', text });
    await interact(reply(a!, '第一条回复'));
    t.clock.advance(MINUTE);
    await interact(reply(b!, '第二条回复'));
    t.clock.advance(MINUTE);
    const long = `${'长'.repeat(59)}👍🏻${'尾'.repeat(20)}`;
    await interact(reply(a!, long));
    const [row] = await open(me!);
    expect(row).toMatchObject({
      title: '阿甲、阿乙 回复了你的评论',
      body: `${'长'.repeat(59)}👍🏻…`,
      actor_count: 2,
      actors: [{ id: a!.id }, { id: b!.id }],
    });
    expect((await rowsOf(me!)).filter((r) => r.groupKey === `comment_reply:${comment}`)).toHaveLength(1);
  });

  it('start a new row once the aggregated one was read, and leave the read one alone', async () => {
    const [me, a, b, c] = await Promise.all([person('读者'), person('甲'), person('乙'), person('丙')]);
    const c1 = target();
    await interact(interaction(me!, a!, 'comment_like', c1));
    t.clock.advance(MINUTE);
    await interact(interaction(me!, b!, 'comment_like', c1));
    const before = await open(me!);
    expect(before).toMatchObject([{ actor_count: 2, read: false }]);
    expect((await unread(me!)).interaction).toBe(0);

    t.clock.advance(MINUTE);
    await interact(interaction(me!, c!, 'comment_like', c1));
    expect((await unread(me!)).interaction).toBe(1);
    const after = await open(me!);
    expect(after).toMatchObject([
      { title: '丙 赞了你的评论', actor_count: 1, read: false, actors: [{ id: c!.id }] },
      { id: before[0]!.id, title: '乙、甲 赞了你的评论', actor_count: 2, read: true },
    ]);
  });

  it('lose the actor on retract before being read, and the row when nobody is left', async () => {
    const [me, a, b] = await Promise.all([person('主人'), person('赞一'), person('赞二')]);
    const post = target();
    await interact(interaction(me!, a!, 'post_like', post));
    t.clock.advance(MINUTE);
    await interact(interaction(me!, b!, 'post_like', post));
    await retract(interaction(me!, b!, 'post_like', post));
    const [row] = await rowsOf(me!);
    expect(row).toMatchObject({ actorCount: 1 });
    // Retracting someone who is not in the row, or another kind, changes nothing.
    await retract(interaction(me!, b!, 'post_like', post));
    await retract(interaction(me!, a!, 'post_favourite', post));
    expect(await rowsOf(me!)).toMatchObject([{ id: row!.id, actorCount: 1 }]);
    await retract(interaction(me!, a!, 'post_like', post));
    expect(await rowsOf(me!)).toHaveLength(0);
    expect(await t.db.select().from(noticeActors).where(eq(noticeActors.noticeId, row!.id))).toHaveLength(0);
    expect(await unread(me!)).toMatchObject({ interaction: 0 });
  });

  it('show the target again when the comment shown is retracted', async () => {
    const [me, a, b] = await Promise.all([person('楼主'), person('评一'), person('评二')]);
    const post = target();
    const say = (by: Person, text: string) => interaction(me!, by, 'post_comment', post, { text });
    await interact(say(a!, '评论甲'));
    t.clock.advance(MINUTE);
    await interact(say(b!, '评论乙'));
    await retract({ ...say(b!, ''), excerpt: '帖子开头' });
    expect(await rowsOf(me!)).toMatchObject([{ body: '帖子开头', actorCount: 1 }]);
    // One leaving whose text is not the one shown leaves the body as it is.
    t.clock.advance(MINUTE);
    await interact(say(b!, '又来一条'));
    await retract(interaction(me!, a!, 'post_comment', post));
    expect(await rowsOf(me!)).toMatchObject([{ body: '又来一条', actorCount: 1 }]);
    // Without an excerpt the leaving text is not kept either.
    t.clock.advance(MINUTE);
    await interact(say(a!, '再评一次'));
    await retract({ ...interaction(me!, a!, 'post_comment', post), excerpt: undefined });
    expect(await rowsOf(me!)).toMatchObject([{ body: '', actorCount: 1 }]);
  });

  it('change nothing on retract once read (history stays)', async () => {
    const [me, a] = await Promise.all([person('看过'), person('点赞者')]);
    const post = target();
    await interact(interaction(me!, a!, 'post_favourite', post));
    const [seen] = await open(me!);
    await retract(interaction(me!, a!, 'post_favourite', post));
    expect(await open(me!)).toMatchObject([{ id: seen!.id, title: '点赞者 收藏了你的帖子', actor_count: 1 }]);
  });

  it('are never sent for one’s own actions', async () => {
    const me = await person('自己');
    const post = target();
    for (const kind of [
      'post_like',
      'post_favourite',
      'post_comment',
      'comment_like',
      'comment_reply',
    ] as const)
      await interact(interaction(me, me, kind, post, { text: '自言自语' }));
    await retract(interaction(me, me, 'post_like', post));
    expect(await rowsOf(me)).toHaveLength(0);
    expect(await unread(me)).toMatchObject({ interaction: 0, total: 0 });
  });

  it('make one row of 50 concurrent likes, and none of 50 concurrent unlikes', async () => {
    const me = await person('热门作者');
    const fans = await people(50, '粉丝');
    const post = target();
    await Promise.all(fans.map((f) => interact(interaction(me, f, 'post_like', post))));
    const rows = await rowsOf(me);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorCount: 50, groupKey: `post_like:${post}` });
    const actors = await t.db
      .select()
      .from(noticeActors)
      .where(inArray(noticeActors.noticeId, [rows[0]!.id]));
    expect(new Set(actors.map((a) => a.actorId))).toEqual(new Set(fans.map((f) => f.id)));
    expect(await unread(me)).toMatchObject({ interaction: 1, total: 1 });
    const [row] = await open(me);
    expect(row!.actors).toHaveLength(3);
    expect(row!.title).toMatch(/^粉丝\d+、粉丝\d+等 50 人赞了你的帖子$/);

    const other = await person('冷门作者');
    const post2 = target();
    await Promise.all(fans.map((f) => interact(interaction(other, f, 'post_like', post2))));
    expect(await rowsOf(other)).toMatchObject([{ actorCount: 50 }]);
    await Promise.all(fans.map((f) => retract(interaction(other, f, 'post_like', post2))));
    expect(await rowsOf(other)).toHaveLength(0);
    expect(await unread(other)).toMatchObject({ interaction: 0 });
  });

  it('keep unread counts exact per category, an aggregated row counting once', async () => {
    const [me, a, b] = await Promise.all([person('计数'), person('计一'), person('计二')]);
    await t.db.transaction((tx) =>
      t.modules.notices.notify(tx, me!.id, {
        category: 'review',
        type: 'post_approved',
        title: '通过',
        body: '',
      }),
    );
    const p1 = target();
    const p2 = target();
    await interact(interaction(me!, a!, 'post_like', p1));
    await interact(interaction(me!, b!, 'post_like', p1));
    await interact(interaction(me!, a!, 'post_like', p2));
    const counts = await unread(me!);
    expect(counts).toMatchObject({ review: 1, interaction: 2 });
    expect(counts.total).toBe(counts.system + 3);
    // Other categories carry no actors.
    expect(await open(me!, 'review')).toMatchObject([{ actors: [], actor_count: 0, title: '通过' }]);
  });
});

describe('system messages', () => {
  it('show both an operator broadcast and a wallet notice', async () => {
    const { token, user } = await t.login();
    const me = { id: user.id, token, nickname: '' };
    const order = await buy(t, token, 'chips', 'c600');
    expect(order.status).toBe('fulfilled');
    t.clock.advance(MINUTE);
    const title = `版本更新 ${Date.now()}`;
    const sent = await t.call('POST', '/api/v1/admin/notice/broadcast', {
      token: admin.token,
      body: { title, body: '新增社区功能。' },
    });
    expect(sent.body.code).toBe(0);
    expect((await unread(me)).system).toBe(2);
    const list = await open(me, 'system');
    expect(list.map((n) => [n.type, n.read])).toEqual([
      ['broadcast', false],
      ['order_fulfilled', false],
    ]);
    expect(list[0]).toMatchObject({ title, actors: [], actor_count: 0 });
    expect(list[1]).toMatchObject({ title: '支付成功', link: expect.any(String) });
    expect((await unread(me)).system).toBe(0);
  });
});
