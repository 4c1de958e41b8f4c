import {
  ErrorCode,
  type BotDetail,
  type BotHome,
  type BotSummary,
  type CategoryList,
  type Page,
  type SystemBot,
  type SystemBotList,
} from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot, publishedBot } from '../../../test/bots.js';
import { startDeskApp, type Operator } from '../../../test/catalogue.js';
import type { TestApp } from '../../../test/helpers.js';

// The catalogue's kept answers (docs/performance.md, Fast reads): every read below is made twice first, so
// that it is answered from memory, before the change whose effect the next read must show.

let t: TestApp;
let admin: Operator;
let creator: Operator;
let reader: Operator;

beforeAll(async () => {
  ({ t, admin } = await startDeskApp());
  creator = await t.login();
  reader = await t.login();
});
afterAll(() => t?.close());

const get = <T>(path: string, o: { token?: string; lang?: string } = {}) =>
  t.call<T>('GET', path, { token: o.token, headers: o.lang ? { 'accept-language': o.lang } : {} });
const warm = async <T>(path: string, o: { token?: string; lang?: string } = {}) => {
  await get<T>(path, o);
  return (await get<T>(path, o)).body;
};
const detail = (id: number, o: { token?: string; lang?: string } = {}) =>
  get<BotDetail>(`/api/v1/bot/${id}`, o);
const newest = async (o: { token?: string; lang?: string } = {}) =>
  (await get<Page<BotSummary>>('/api/v1/bot?sort=new&limit=50', o)).body.data.list.map((b) => b.id);
const systemBots = async () =>
  (await t.call<SystemBotList>('GET', '/api/v1/admin/system-bot', { token: admin.token })).body.data.list;
const formOf = (b: SystemBot, o: Partial<SystemBot> = {}) => {
  const { id: _id, ...rest } = { ...b, ...o };
  return {
    ...{ name: rest.name, avatar: rest.avatar, intro: rest.intro, category: rest.category, tags: rest.tags },
    ...{ persona: rest.persona, greeting: rest.greeting, questions: rest.questions, model_id: rest.model_id },
    ...{ temperature: rest.temperature, featured: rest.featured, translations: rest.translations },
  };
};

describe('kept answers follow every change', () => {
  it('a console edit of a system bot and its translation show in its page, home and discover at the next read', async () => {
    // The last one: other files' tests edit the first ones (on PostgreSQL they share the database).
    const bot = (await systemBots()).filter((b) => !b.is_assistant).at(-1)!;
    await warm(`/api/v1/bot/${bot.id}`);
    await warm(`/api/v1/bot/${bot.id}`, { lang: 'en' });
    await warm('/api/v1/bot/home');
    await warm('/api/v1/bot?sort=new&limit=50');
    const name = `改名${Date.now() % 100000}`;
    const translations = { ...bot.translations, en: { ...bot.translations.en, name: `Renamed ${name}` } };
    const res = await t.call('PUT', `/api/v1/admin/system-bot/${bot.id}`, {
      token: admin.token,
      body: formOf(bot, { name, featured: true, translations }),
    });
    expect(res.body.code).toBe(0);
    expect((await detail(bot.id)).body.data.name).toBe(name);
    expect((await detail(bot.id, { lang: 'en' })).body.data.name).toBe(`Renamed ${name}`);
    const home = (await get<BotHome>('/api/v1/bot/home')).body.data;
    expect(home.featured.find((b) => b.id === bot.id)?.name).toBe(name);
    const listed = (await get<Page<BotSummary>>('/api/v1/bot?sort=new&limit=50')).body.data.list;
    expect(listed.find((b) => b.id === bot.id)?.name).toBe(name);
    const back = await t.call('PUT', `/api/v1/admin/system-bot/${bot.id}`, {
      token: admin.token,
      body: formOf(bot),
    });
    expect(back.body.code).toBe(0);
    expect((await detail(bot.id)).body.data.name).toBe(bot.name);
  });

  it('a featured slot and a category changed in the console show at the next read', async () => {
    const bot = await publishedBot(t, creator.token, admin.token);
    expect((await warm<BotHome>('/api/v1/bot/home')).data.featured.map((b) => b.id)).not.toContain(bot.id);
    const added = await t.call('POST', '/api/v1/admin/featured/home', {
      token: admin.token,
      body: { bot_id: bot.id },
    });
    expect(added.body.code).toBe(0);
    expect((await get<BotHome>('/api/v1/bot/home')).body.data.featured.map((b) => b.id)).toContain(bot.id);
    await t.call('DELETE', `/api/v1/admin/featured/home/${bot.id}`, { token: admin.token });
    expect((await get<BotHome>('/api/v1/bot/home')).body.data.featured.map((b) => b.id)).not.toContain(
      bot.id,
    );

    const id = `fast-${Date.now() % 100000}`;
    await warm('/api/v1/bot/category', { lang: 'en' });
    const created = await t.call('POST', '/api/v1/admin/category', {
      token: admin.token,
      body: { id, name: '快读', translations: { en: { name: 'Fast' } } },
    });
    expect(created.body.code).toBe(0);
    const list = (await get<CategoryList>('/api/v1/bot/category', { lang: 'en' })).body.data.list;
    expect(list.find((c) => c.id === id)?.name).toBe('Fast');
    await t.call('DELETE', `/api/v1/admin/category/${id}`, { token: admin.token });
    expect((await get<CategoryList>('/api/v1/bot/category')).body.data.list.map((c) => c.id)).not.toContain(
      id,
    );
  });

  it('a bot made private, or deleted, leaves its page and discover at the next read', async () => {
    const bot = await publishedBot(t, creator.token, admin.token);
    expect((await warm<BotDetail>(`/api/v1/bot/${bot.id}`)).data.name).toBe(bot.name);
    await warm(`/api/v1/bot/${bot.id}`, { token: reader.token });
    expect(await newest()).toContain(bot.id);
    await newest();
    const hidden = await t.call('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token: creator.token,
      body: { visibility: 'private' },
    });
    expect(hidden.body.code).toBe(0);
    expect((await detail(bot.id)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await detail(bot.id, { token: reader.token })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect(await newest()).not.toContain(bot.id);
    // Its creator still reads it, and that read is theirs alone.
    expect((await detail(bot.id, { token: creator.token })).body.data.visibility).toBe('private');
    expect((await detail(bot.id)).body.code).toBe(ErrorCode.NOT_FOUND);

    const other = await publishedBot(t, creator.token, admin.token);
    await warm(`/api/v1/bot/${other.id}`);
    expect((await t.call('DELETE', `/api/v1/bot/${other.id}`, { token: creator.token })).body.code).toBe(0);
    expect((await detail(other.id)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect(await newest()).not.toContain(other.id);
  });
});

describe('kept answers are nobody’s own', () => {
  it('a private bot, read by its creator again and again, never reaches anyone else', async () => {
    const bot = await createBot(t, creator.token, { visibility: 'private' });
    const reads = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        detail(bot.id, { token: [creator.token, reader.token, undefined][i % 3] }),
      ),
    );
    reads.forEach((r, i) =>
      i % 3 === 0 ? expect(r.body.data.id).toBe(bot.id) : expect(r.body.code).toBe(ErrorCode.NOT_FOUND),
    );
    expect(await newest({ token: creator.token })).not.toContain(bot.id);
  });

  it("a favourite is its user's alone, and their count shows it at once", async () => {
    const bot = await publishedBot(t, creator.token, admin.token);
    const before = (await warm<BotDetail>(`/api/v1/bot/${bot.id}`, { token: reader.token })).data;
    expect(before.is_favourite).toBe(false);
    const fav = await t.call('POST', `/api/v1/bot/${bot.id}/favourite`, { token: reader.token });
    expect(fav.body.code).toBe(0);
    const reads = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        detail(bot.id, { token: [reader.token, creator.token, undefined][i % 3] }),
      ),
    );
    reads.forEach((r, i) => {
      expect(r.body.data.is_favourite).toBe(i % 3 === 0);
      expect(r.body.data.stats.favourites).toBe(before.stats.favourites + 1);
    });
    // Home's assistant too.
    const assistant = (await warm<BotHome>('/api/v1/bot/home')).data.assistant;
    await t.call('POST', `/api/v1/bot/${assistant.id}/favourite`, { token: reader.token });
    const homes = await Promise.all(
      [reader.token, creator.token, undefined, reader.token].map((token) =>
        get<BotHome>('/api/v1/bot/home', { token }),
      ),
    );
    expect(homes.map((h) => h.body.data.assistant.is_favourite)).toEqual([true, false, false, true]);
  });

  it('locales never mix, however the reads interleave', async () => {
    const bot = (await systemBots()).filter((b) => !b.is_assistant).at(-1)!;
    const paths = [
      `/api/v1/bot/${bot.id}`,
      '/api/v1/bot/home',
      '/api/v1/bot/category',
      '/api/v1/bot?limit=50',
    ];
    const langs = ['en', 'zh-Hant', 'zh-Hans', 'fr'];
    const raw = async (path: string, lang: string) => {
      const res = await fetch(t.base + path, { headers: { 'accept-language': lang } });
      return res.text();
    };
    t.modules.bots.catalogueChanged();
    const keys = paths.flatMap((path) => langs.map((lang) => [path, lang] as const));
    const reads = await Promise.all(
      [...keys, ...keys, ...keys].map(
        async ([path, lang]) => [`${path} ${lang}`, await raw(path, lang)] as const,
      ),
    );
    const byKey = new Map<string, Set<string>>();
    for (const [key, body] of reads) byKey.set(key, (byKey.get(key) ?? new Set()).add(body));
    for (const [key, bodies] of byKey) expect(bodies.size, key).toBe(1);
    const one = (path: string, lang: string) => JSON.parse([...byKey.get(`${path} ${lang}`)!][0]!);
    const names = langs.map((lang) => one(paths[0]!, lang).data.name as string);
    expect(names[2]).toBe(bot.name);
    expect(new Set(names).size).toBe(langs.length);
    expect(one(paths[2]!, 'en').data.list).not.toEqual(one(paths[2]!, 'zh-Hans').data.list);
  });
});
