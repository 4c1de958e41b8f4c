import {
  ErrorCode,
  type AdminCategory,
  type BotDetail,
  type BotHome,
  type BotSummary,
  type Category,
  type Page,
  type SystemBot,
  type SystemBotList,
} from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedBot } from '../../../test/bots.js';
import { startDeskApp, type Operator } from '../../../test/catalogue.js';
import type { TestApp } from '../../../test/helpers.js';

/*
 * Data the platform owns, in the reader's language (docs/i18n.md, Data the platform owns): categories and system
 * bots by the request's Accept-Language; users' bots as written; the console edits the translations.
 */

let t: TestApp;
let admin: Operator;

beforeAll(async () => {
  ({ t, admin } = await startDeskApp());
});
afterAll(async () => {
  await t?.close();
});

/** Accept-Language values as browsers send them, by the locale they resolve to; `none` sends no header. */
const HEADERS = {
  en: 'en-US,en;q=0.9',
  es: 'es-ES,es;q=0.9',
  fr: 'fr-FR,fr;q=0.9,en;q=0.5',
  'zh-Hant': 'zh-TW,zh;q=0.9',
  'zh-Hans': 'zh-CN,zh;q=0.9',
  none: undefined,
} as const;
type Reader = keyof typeof HEADERS;

async function get<T>(path: string, reader: Reader, token?: string) {
  const header = HEADERS[reader];
  const res = await t.call<T>('GET', path, { token, headers: header ? { 'accept-language': header } : {} });
  expect(res.body.code).toBe(0);
  return res.body.data;
}
const categories = async (reader: Reader) =>
  new Map((await get<{ list: Category[] }>('/api/v1/bot/category', reader)).list.map((c) => [c.id, c.name]));
const discover = (reader: Reader, q = '') => get<Page<BotSummary>>(`/api/v1/bot?limit=50${q}`, reader);
const systemBots = async () =>
  (await t.call<SystemBotList>('GET', '/api/v1/admin/system-bot', { token: admin.token })).body.data.list;

describe('categories', () => {
  it('reads in every locale: translated, converted to Traditional, or the source', async () => {
    expect((await categories('en')).get('coding')).toBe('Coding');
    expect((await categories('es')).get('writing')).toBe('Escritura');
    expect((await categories('fr')).get('study')).toBe('Études');
    // zh-Hant: an explicit translation where OpenCC reads mainland (编程), the conversion elsewhere.
    const hant = await categories('zh-Hant');
    expect(hant.get('coding')).toBe('程式設計');
    expect(hant.get('writing')).toBe('寫作');
    expect((await categories('zh-Hans')).get('writing')).toBe('写作');
    expect((await categories('none')).get('writing')).toBe('写作');
  });

  it('an operator’s translation shows in the app at once; a translation left empty falls back', async () => {
    const id = `i18n-${Date.now() % 100000}`;
    const created = await t.call<AdminCategory>('POST', '/api/v1/admin/category', {
      token: admin.token,
      body: { id, name: '摄影', translations: { en: { name: 'Photos' }, fr: { name: '' } } },
    });
    expect(created.body.code).toBe(0);
    expect(created.body.data.translations).toEqual({ en: { name: 'Photos' } });
    expect((await categories('en')).get(id)).toBe('Photos');
    expect((await categories('fr')).get(id)).toBe('摄影');
    expect((await categories('zh-Hant')).get(id)).toBe('攝影');
    // An edit that leaves `translations` out keeps them; one that sends them replaces them.
    const put = (body: unknown) =>
      t.call<AdminCategory>('PUT', `/api/v1/admin/category/${id}`, { token: admin.token, body });
    expect((await put({ name: '摄影', sort: 5 })).body.data.translations).toEqual({ en: { name: 'Photos' } });
    await put({ name: '摄影', translations: { es: { name: 'Fotografía' } } });
    expect((await categories('es')).get(id)).toBe('Fotografía');
    expect((await categories('en')).get(id)).toBe('摄影');
  });

  it('refuses bad translations with 10001 and a Chinese message', async () => {
    const bad = [
      { de: { name: 'Fotos' } },
      { en: { title: 'x' } },
      { en: { name: 'x'.repeat(31) } },
      { 'zh-Hant': { name: '一二三四五六七八九十一' } },
      { en: { name: 42 } },
      { en: 'Photos' },
      { en: { name: 'a\u0000b' } },
      { en: { name: '\ud800' } },
    ];
    for (const translations of bad) {
      const res = await t.call('PUT', '/api/v1/admin/category/writing', {
        token: admin.token,
        body: { name: '写作', translations },
      });
      expect(res.body.code, JSON.stringify(translations)).toBe(ErrorCode.BAD_REQUEST);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await categories('en')).get('writing')).toBe('Writing');
  });
});

describe('bots', () => {
  it('system bots read in each locale on every list; the assistant too', async () => {
    const find = (page: Page<BotSummary>, name: string) => page.list.find((b) => b.name === name);
    expect(find(await discover('en'), 'Regex Helper')?.tags).toEqual([
      'Regex',
      'Text matching',
      'Developer tools',
    ]);
    expect(find(await discover('es'), 'Asistente de regex')).toBeDefined();
    expect(find(await discover('fr'), 'Assistant regex')).toBeDefined();
    expect(find(await discover('zh-Hant'), '正規表示式助手')).toBeDefined();
    expect(find(await discover('zh-Hans'), '正则表达式助手')).toBeDefined();
    expect(find(await discover('none'), '正则表达式助手')).toBeDefined();

    const home = await get<BotHome>('/api/v1/bot/home', 'en');
    expect(home.assistant.greeting).toMatch(/^Hi, I'm .+! Whether you want/);
    expect(home.assistant.questions[0]).toBe('Write me a birthday message');
    expect(home.featured.length).toBeGreaterThan(0);
    expect(home.featured.every((b) => !/[\u4e00-\u9fff]/.test(b.intro))).toBe(true);
    const hant = await get<BotHome>('/api/v1/bot/home', 'zh-Hant');
    expect(hant.assistant.intro).toContain('簡潔可靠');

    const regex = (await systemBots()).find((b) => b.name === '正则表达式助手')!;
    const fr = await get<BotDetail>(`/api/v1/bot/${regex.id}`, 'fr');
    expect(fr).toMatchObject({
      name: 'Assistant regex',
      questions: expect.arrayContaining(['Explique-moi cette regex']),
    });
    expect(fr.greeting).toMatch(/^Bonjour/);
    // A field without a translation in zh-Hant is the OpenCC conversion of the source.
    const recipe = (await systemBots()).find((b) => b.name === '家常菜谱大厨')!;
    const hantRecipe = await get<BotDetail>(`/api/v1/bot/${recipe.id}`, 'zh-Hant');
    expect(hantRecipe.name).toBe('家常食譜大廚');
    expect(hantRecipe.intro).toBe(
      '冰箱裡有什麼就做什麼：按食材推薦菜式，給出詳細步驟、火候與調味要點，新手也能做出好味道。',
    );
  });

  it('a user’s bot stays as written in every locale', async () => {
    const creator = await t.login();
    const own = await publishedBot(t, creator.token, admin.token, {
      name: '我的简体助手',
      intro: '这是我写的简介，软件与数据',
      tags: ['简体'],
      greeting: '你好，这里是简体',
      questions: ['这是问题吗？'],
    });
    for (const reader of Object.keys(HEADERS) as Reader[]) {
      const d = await get<BotDetail>(`/api/v1/bot/${own.id}`, reader);
      expect(d).toMatchObject({
        name: '我的简体助手',
        intro: '这是我写的简介，软件与数据',
        tags: ['简体'],
        greeting: '你好，这里是简体',
        questions: ['这是问题吗？'],
      });
      const listed = (await discover(reader, '&sort=new')).list.find((b) => b.id === own.id);
      expect(listed?.name).toBe('我的简体助手');
    }
  });

  it('the console edits a system bot’s translations; the app shows them; other locales are not mixed', async () => {
    const bot = (await systemBots()).find((b) => b.name === '成语接龙')!;
    expect(bot.translations.en?.name).toBe('Idiom Chain');
    const body = {
      name: bot.name,
      avatar: bot.avatar,
      intro: bot.intro,
      category: bot.category,
      tags: bot.tags,
      persona: bot.persona,
      greeting: bot.greeting,
      questions: bot.questions,
      model_id: bot.model_id,
      temperature: bot.temperature,
      featured: bot.featured,
      translations: {
        ...bot.translations,
        en: { ...bot.translations.en, name: 'Idiom Relay', questions: ['One', '', 'Three'] },
      },
    };
    const res = await t.call<SystemBot>('PUT', `/api/v1/admin/system-bot/${bot.id}`, {
      token: admin.token,
      body,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.name).toBe('成语接龙');
    expect(res.body.data.translations.en).toMatchObject({ name: 'Idiom Relay', questions: ['One', 'Three'] });
    // The same endpoints, two readers, interleaved: each gets its own language.
    const reads = await Promise.all(
      Array.from({ length: 12 }, (_, i) => get<BotDetail>(`/api/v1/bot/${bot.id}`, i % 2 ? 'en' : 'es')),
    );
    reads.forEach((d, i) => expect(d.name).toBe(i % 2 ? 'Idiom Relay' : 'Cadena de modismos'));
    expect((await get<BotDetail>(`/api/v1/bot/${bot.id}`, 'en')).questions).toEqual(['One', 'Three']);
    const tooMany = { ...body, translations: { en: { questions: ['a', 'b', 'c', 'd'] } } };
    const refused = await t.call('PUT', `/api/v1/admin/system-bot/${bot.id}`, {
      token: admin.token,
      body: tooMany,
    });
    expect(refused.body.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('interleaved readers of the cached lists never get another locale’s text', async () => {
    const readers: Reader[] = ['en', 'zh-Hant', 'fr', 'none', 'es', 'zh-Hans'];
    const pages = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        discover(readers[i % readers.length]!).then((p) => [i, p] as const),
      ),
    );
    for (const [i, page] of pages) {
      const reader = readers[i % readers.length]!;
      const names = page.list.filter((b) => b.is_system).map((b) => b.name);
      if (reader === 'en') expect(names).toContain('Regex Helper');
      if (reader === 'zh-Hant') expect(names).toContain('正規表示式助手');
      if (reader === 'fr') expect(names).toContain('Assistant regex');
      if (reader === 'none' || reader === 'zh-Hans') expect(names).toContain('正则表达式助手');
      if (reader === 'es') expect(names).toContain('Asistente de regex');
    }
  });
});
