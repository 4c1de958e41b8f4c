import {
  ErrorCode,
  HOME_FEATURED_SHOWN,
  type AdminCatalogueBot,
  type AdminPage,
  type BotHome,
  type BotSummary,
  type FeaturedList,
  type Page,
} from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot, publishedBot } from '../../../test/bots.js';
import { atOnce, codesOf, startDeskApp, type Operator } from '../../../test/catalogue.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditOf } from '../../../test/moderation.js';

let t: TestApp;
let admin: Operator;
let creator: Operator;

beforeAll(async () => {
  ({ t, admin } = await startDeskApp());
  creator = await t.login();
});
afterAll(() => t?.close());

type Slot = 'home' | 'discover';
const slotList = async (slot: Slot) =>
  (await t.call<FeaturedList>('GET', `/api/v1/admin/featured/${slot}`, { token: admin.token })).body.data
    .list;
const add = (slot: Slot, body: unknown, token = admin.token) =>
  t.call<FeaturedList>('POST', `/api/v1/admin/featured/${slot}`, { token, body });
const removeFrom = (slot: Slot, id: number | string) =>
  t.call<FeaturedList>('DELETE', `/api/v1/admin/featured/${slot}/${id}`, { token: admin.token });
const reorder = (slot: Slot, ids: unknown) =>
  t.call<FeaturedList>('PUT', `/api/v1/admin/featured/${slot}/order`, { token: admin.token, body: { ids } });
const home = async () => (await t.call<BotHome>('GET', '/api/v1/bot/home')).body.data;
const discover = async (q = '') =>
  (await t.call<Page<BotSummary>>('GET', `/api/v1/bot?limit=5${q}`)).body.data;
const listedBot = () => publishedBot(t, creator.token, admin.token);

/** Every bot of discover's view `q`, page by page. */
async function allOf(q: string) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let first = true;
  do {
    const c: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await discover(`${q}${c}`);
    if (!first) expect(page.list.length).toBeLessThanOrEqual(5);
    first = false;
    seen.push(...page.list.map((b) => b.id));
    cursor = page.next_cursor;
  } while (cursor);
  return seen;
}

describe("home's featured row", () => {
  it('lists the featured bots in the order home shows them', async () => {
    const list = await slotList('home');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((b) => b.featured && b.listed)).toBe(true);
    expect((await home()).featured.map((b) => b.id)).toEqual(
      list.slice(0, HOME_FEATURED_SHOWN).map((b) => b.id),
    );
  });

  it('adds a listed bot at the end, moves it to the front, takes it off; home follows at once; audited', async () => {
    const bot = await listedBot();
    const added = await add('home', { bot_id: bot.id });
    expect(added.body.code).toBe(0);
    expect(added.body.data.list.at(-1)).toMatchObject({ id: bot.id, featured: true });

    const ids = added.body.data.list.map((b) => b.id);
    const front = [bot.id, ...ids.filter((id) => id !== bot.id)];
    const moved = await reorder('home', front);
    expect(moved.body.data.list.map((b) => b.id)).toEqual(front);
    expect((await home()).featured.map((b) => b.id)).toEqual(front.slice(0, HOME_FEATURED_SHOWN));

    expect((await removeFrom('home', bot.id)).body.code).toBe(0);
    expect((await home()).featured.map((b) => b.id)).not.toContain(bot.id);
    expect((await removeFrom('home', bot.id)).body.code).toBe(ErrorCode.NOT_FOUND);

    const actions = (await auditOf(t, `bot:${bot.id}`)).map((r) => r.action);
    expect(actions).toEqual(['bot.approve', 'featured.add', 'featured.remove']);
    const [order] = (await auditOf(t, 'featured:home')).slice(-1);
    expect(order).toMatchObject({
      action: 'featured.reorder',
      actorId: admin.user.id,
      before: ids,
      after: front,
    });
  });

  it('takes only listed bots, each once; 50 identical adds at once add it once', async () => {
    const privateBot = await createBot(t, creator.token);
    expect((await add('home', { bot_id: privateBot.id })).body.code).toBe(ErrorCode.CONFLICT);
    const assistant = (await home()).assistant;
    expect((await add('home', { bot_id: assistant.id })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await add('home', { bot_id: 99_999_999 })).body.code).toBe(ErrorCode.NOT_FOUND);
    for (const body of [
      { bot_id: 0 },
      { bot_id: -3 },
      { bot_id: 'x' },
      { bot_id: 1e300 },
      {},
      { bot_id: '1\u0000' },
    ]) {
      expect((await add('home', body)).body.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await t.call('GET', '/api/v1/admin/featured/sidebar', { token: admin.token })).body.code).toBe(
      ErrorCode.BAD_REQUEST,
    );

    const bot = await listedBot();
    const bodies = await atOnce(50, () => add('home', { bot_id: bot.id }));
    expect(codesOf(bodies)).toEqual({ 0: 1, [ErrorCode.CONFLICT]: 49 });
    expect((await slotList('home')).filter((b) => b.id === bot.id)).toHaveLength(1);
    expect((await auditOf(t, `bot:${bot.id}`)).filter((r) => r.action === 'featured.add')).toHaveLength(1);
    await removeFrom('home', bot.id);
  });

  it('refuses an order with missing, repeated or unknown ids, and keeps the order', async () => {
    const ids = (await slotList('home')).map((b) => b.id);
    for (const body of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 99_999_999], [], [1.5]]) {
      expect((await reorder('home', body)).body.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await slotList('home')).map((b) => b.id)).toEqual(ids);
  });

  it('keeps a placed bot its creator took private, marked unlisted, and home leaves it out', async () => {
    const bot = await listedBot();
    await add('home', { bot_id: bot.id });
    await t.call('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token: creator.token,
      body: { visibility: 'private' },
    });
    expect((await slotList('home')).find((b) => b.id === bot.id)).toMatchObject({ listed: false });
    expect((await home()).featured.map((b) => b.id)).not.toContain(bot.id);
    expect((await removeFrom('home', bot.id)).body.code).toBe(0);
  });
});

describe("discover's pins", () => {
  it('shows the pinned bots first on the default view, in order, and every bot once across the pages', async () => {
    const before = await allOf('');
    const [a, b] = [await listedBot(), await listedBot()];
    const everyone = [...before, a.id, b.id];
    await add('discover', { bot_id: a.id });
    await add('discover', { bot_id: b.id });
    expect((await reorder('discover', [b.id, a.id])).body.code).toBe(0);

    const first = await discover();
    expect(first.list.slice(0, 2).map((x) => x.id)).toEqual([b.id, a.id]);
    expect(first.list).toHaveLength(2 + 5);
    const all = await allOf('');
    expect(all.slice(0, 2)).toEqual([b.id, a.id]);
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(everyone));

    // A search, a category or the newest first: no pins on top, each bot where its rank puts it.
    const newest = await allOf('&sort=new');
    expect(newest.slice(0, 2)).toEqual([b.id, a.id].sort((x, y) => y - x));
    const writing = await allOf('&category=writing');
    expect(writing.filter((id) => id === a.id || id === b.id)).toHaveLength(2);
    expect((await discover(`&keyword=${encodeURIComponent(a.name)}`)).list.map((x) => x.id)).toEqual([a.id]);

    expect((await removeFrom('discover', b.id)).body.code).toBe(0);
    expect((await discover()).list[0]!.id).toBe(a.id);
    expect((await auditOf(t, 'pinned:discover')).at(-1)).toMatchObject({ action: 'pinned.reorder' });
    expect((await auditOf(t, `bot:${b.id}`)).map((r) => r.action)).toEqual([
      'bot.approve',
      'pinned.add',
      'pinned.remove',
    ]);
    await removeFrom('discover', a.id);
  });
});

describe('the bot picker', () => {
  it('finds listed bots by name or id, server-paged', async () => {
    const bot = await listedBot();
    const find = async (q: string) =>
      (
        await t.call<AdminPage<AdminCatalogueBot>>(
          'GET',
          `/api/v1/admin/catalogue/bot?q=${encodeURIComponent(q)}&page_size=10`,
          { token: admin.token },
        )
      ).body;
    expect((await find(bot.name)).data).toMatchObject({ total: 1, list: [{ id: bot.id, listed: true }] });
    expect((await find(String(bot.id))).data.list.map((b) => b.id)).toContain(bot.id);
    const all = (await find('')).data;
    expect(all.total).toBeGreaterThan(10);
    expect(all.list).toHaveLength(10);
    const hidden = await createBot(t, creator.token);
    expect((await find(hidden.name)).data.total).toBe(0);
    const bad = await t.call('GET', '/api/v1/admin/catalogue/bot?sort=name&page_size=1000', {
      token: admin.token,
    });
    expect(bad.body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await find('%_\\')).code).toBe(0);
  });
});
