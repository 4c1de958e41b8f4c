import type { BotDetail, BotHome, BotSummary, Category, Page } from '@lingxi/contract';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { bots } from '../../db/schema/bots.js';

let t: TestApp;
/** Every response body of this file, to check that no persona ever leaves the server. */
const bodies: string[] = [];

beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t?.close());

async function get<T>(path: string, token?: string) {
  const res = await t.call<T>('GET', path, { token });
  bodies.push(JSON.stringify(res.body));
  return res.body;
}

/** Every listed bot, page by page, following next_cursor. */
async function allPages(query: string, limit: number) {
  const seen: BotSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const c: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const body = await get<Page<BotSummary>>(`/api/v1/bot?${query}&limit=${limit}${c}`);
    expect(body.code).toBe(0);
    expect(body.data.list.length).toBeLessThanOrEqual(limit);
    seen.push(...body.data.list);
    cursor = body.data.next_cursor;
    pages++;
  } while (cursor && pages < 50);
  return seen;
}

const hot = (b: BotSummary) => b.stats.chats + 3 * b.stats.users + 5 * b.stats.favourites;

describe('the catalogue', () => {
  it('has at least 6 categories', async () => {
    const body = await get<{ list: Category[] }>('/api/v1/bot/category');
    expect(body.data.list.length).toBeGreaterThanOrEqual(6);
    expect(body.data.list.map((c) => c.name)).toEqual(expect.arrayContaining(['写作', '学习', '编程']));
  });

  it('lists at least 16 system bots across 6 categories, each with a greeting, 3 questions and an SVG avatar', async () => {
    const list = await allPages('sort=new', 50);
    const system = list.filter((b) => b.is_system);
    expect(system.length).toBeGreaterThanOrEqual(16);
    expect(new Set(system.map((b) => b.category)).size).toBeGreaterThanOrEqual(6);
    for (const b of system) {
      expect(b.name.length).toBeLessThanOrEqual(20);
      expect(b.intro.length).toBeLessThanOrEqual(140);
      expect(b.creator).toBeNull();
      const detail = await get<BotDetail>(`/api/v1/bot/${b.id}`);
      expect(detail.code).toBe(0);
      expect(detail.data.greeting.length).toBeGreaterThan(0);
      expect(detail.data.questions).toHaveLength(3);
      expect(detail.data).toMatchObject({ is_favourite: false, is_assistant: false, status: 'published' });
      const avatar = await fetch(t.base + b.avatar);
      expect(avatar.status).toBe(200);
      expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
      expect(await avatar.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    }
  });

  it('filters by category', async () => {
    const list = await allPages('category=coding', 50);
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const b of list) expect(b.category).toBe('coding');
  });

  it('searches a Chinese keyword in names, intros and tags', async () => {
    for (const keyword of ['面试', '文案', '旅行']) {
      const list = await allPages(`keyword=${encodeURIComponent(keyword)}`, 50);
      expect(list.length).toBeGreaterThan(0);
      for (const b of list) expect([b.name, b.intro, ...b.tags].join(' ')).toContain(keyword);
    }
    expect(await allPages(`keyword=${encodeURIComponent('没有这样的智能体啊')}`, 50)).toEqual([]);
    expect(await allPages(`keyword=${encodeURIComponent('100%')}`, 50)).toEqual([]);
  });

  it('sorts hot by engagement and new by publication, newest first', async () => {
    const { token } = await t.login();
    const newest = (await get<Page<BotSummary>>('/api/v1/bot?sort=new&limit=50')).data.list;
    // Seeded together, so the newest-first order of system bots falls back to the id (users' bots published
    // by other test files sharing the database have publication times of their own).
    const ids = newest.filter((b) => b.is_system).map((b) => b.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const target = newest.at(-1)!;
    await t.call('POST', `/api/v1/bot/${target.id}/favourite`, { token });
    const ranked = (await get<Page<BotSummary>>('/api/v1/bot?sort=hot&limit=50')).data.list;
    const scores = ranked.map(hot);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const position = ranked.findIndex((b) => b.id === target.id);
    expect(position).toBeLessThan(ranked.length - 1);
  });

  it('pages with a cursor without duplicates or gaps, in both sorts', async () => {
    for (const sort of ['new', 'hot']) {
      const whole = (await get<Page<BotSummary>>(`/api/v1/bot?sort=${sort}&limit=50`)).data.list;
      const paged = await allPages(`sort=${sort}`, 4);
      expect(paged.map((b) => b.id)).toEqual(whole.map((b) => b.id));
    }
  });

  it('refuses a bad cursor, sort or limit with an envelope', async () => {
    expect(await get('/api/v1/bot?cursor=not-a-cursor')).toMatchObject({
      code: 10001,
      msg: '分页参数cursor无效',
    });
    expect((await get('/api/v1/bot?sort=best')).code).toBe(10001);
    expect((await get('/api/v1/bot?limit=500')).code).toBe(10001);
  });

  it('answers an unknown bot with an envelope', async () => {
    const res = await t.call('GET', '/api/v1/bot/99999999');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 10004, msg: '智能体不存在或已下架', data: null });
    expect((await t.call('GET', '/api/v1/bot/abc')).body.code).toBe(10001);
  });
});

describe('favourites', () => {
  it('favourites and unfavourites idempotently, with counts and is_favourite in the detail', async () => {
    const { token } = await t.login();
    const [bot] = (await get<Page<BotSummary>>('/api/v1/bot?sort=new&limit=3')).data.list;
    const before = bot!.stats.favourites;
    const fav = (on: boolean) =>
      t.call<{ is_favourite: boolean; favourites: number }>(
        on ? 'POST' : 'DELETE',
        `/api/v1/bot/${bot!.id}/favourite`,
        {
          token,
        },
      );

    expect((await fav(true)).body.data).toEqual({ is_favourite: true, favourites: before + 1 });
    expect((await fav(true)).body.data).toEqual({ is_favourite: true, favourites: before + 1 });
    const detail = await get<BotDetail>(`/api/v1/bot/${bot!.id}`, token);
    expect(detail.data.is_favourite).toBe(true);
    expect(detail.data.stats.favourites).toBe(before + 1);
    expect((await get<BotDetail>(`/api/v1/bot/${bot!.id}`)).data.is_favourite).toBe(false);

    expect((await fav(false)).body.data).toEqual({ is_favourite: false, favourites: before });
    expect((await fav(false)).body.data).toEqual({ is_favourite: false, favourites: before });
    expect((await get<BotDetail>(`/api/v1/bot/${bot!.id}`, token)).data.is_favourite).toBe(false);
  });

  it('lists my favourites, newest first, paged', async () => {
    const { token } = await t.login();
    const picks = (await get<Page<BotSummary>>('/api/v1/bot?sort=new&limit=3')).data.list;
    for (const b of picks) await t.call('POST', `/api/v1/bot/${b.id}/favourite`, { token });
    const first = await get<Page<BotSummary>>('/api/v1/bot/favourite?limit=2', token);
    expect(first.data.list.map((b) => b.id)).toEqual([picks[2]!.id, picks[1]!.id]);
    const cursor = encodeURIComponent(first.data.next_cursor!);
    const second = await get<Page<BotSummary>>(`/api/v1/bot/favourite?limit=2&cursor=${cursor}`, token);
    expect(second.data).toEqual({ list: [expect.objectContaining({ id: picks[0]!.id })], next_cursor: null });

    const other = await t.login();
    expect((await get<Page<BotSummary>>('/api/v1/bot/favourite', other.token)).data.list).toEqual([]);
    expect((await get('/api/v1/bot/favourite')).code).toBe(20003);
    expect((await t.call('POST', `/api/v1/bot/${picks[0]!.id}/favourite`)).body.code).toBe(20003);
    expect((await t.call('POST', '/api/v1/bot/99999999/favourite', { token })).body.code).toBe(10004);
  });
});

describe('GET /api/v1/bot/home', () => {
  it('has the assistant named 灵犀 and featured bots, and the assistant is not in the catalogue', async () => {
    const home = await get<BotHome>('/api/v1/bot/home');
    expect(home.code).toBe(0);
    const { assistant, featured } = home.data;
    expect(assistant).toMatchObject({ name: '灵犀', is_assistant: true, is_system: true });
    expect(assistant.greeting).toContain('灵犀');
    expect(assistant.questions).toHaveLength(3);
    expect(featured.length).toBeGreaterThanOrEqual(3);
    expect(featured.map((b) => b.id)).not.toContain(assistant.id);
    const listed = await allPages('sort=new', 50);
    expect(listed.map((b) => b.id)).not.toContain(assistant.id);
    expect((await get<BotDetail>(`/api/v1/bot/${assistant.id}`)).data.name).toBe('灵犀');
  });
});

describe('the persona', () => {
  it('appears in no response', async () => {
    const personas = await t.db.select({ persona: bots.persona }).from(bots).where(isNotNull(bots.seedKey));
    expect(personas.length).toBeGreaterThanOrEqual(17);
    expect(bodies.length).toBeGreaterThan(20);
    const all = bodies.join('\n');
    expect(all).not.toContain('"persona"');
    for (const { persona } of personas) expect(all).not.toContain(persona.split('\n')[0]!.slice(0, 24));
  });
});
