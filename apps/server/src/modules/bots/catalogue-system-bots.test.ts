import {
  ErrorCode,
  type BotDetail,
  type BotHome,
  type FeaturedList,
  type SystemBot,
  type SystemBotBody,
  type SystemBotList,
} from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedBot } from '../../../test/bots.js';
import { atOnce, codesOf, startDeskApp, type Operator } from '../../../test/catalogue.js';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditOf } from '../../../test/moderation.js';

let t: TestApp;
let admin: Operator;
let fake: FakeOpenAi;
let model: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'desk-chat': { price: 0 } });
  model = m.ids['desk-chat']!;
  ({ t, admin } = await startDeskApp(m.env));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const list = async (token = admin.token) =>
  (await t.call<SystemBotList>('GET', '/api/v1/admin/system-bot', { token })).body;
const put = (id: number | string, body: unknown, token = admin.token) =>
  t.call<SystemBot>('PUT', `/api/v1/admin/system-bot/${id}`, { token, body });
/** The form of a system bot as it is, with `o` changed. */
const formOf = (b: SystemBot, o: Partial<SystemBotBody> = {}): SystemBotBody => ({
  name: b.name,
  avatar: b.avatar,
  intro: b.intro,
  category: b.category,
  tags: b.tags,
  persona: b.persona,
  greeting: b.greeting,
  questions: b.questions,
  model_id: b.model_id,
  temperature: b.temperature,
  featured: b.featured,
  ...o,
});
const detail = async (id: number) => (await t.call<BotDetail>('GET', `/api/v1/bot/${id}`)).body.data;
const home = async () => (await t.call<BotHome>('GET', '/api/v1/bot/home')).body.data;

describe('system bots', () => {
  it('lists the platform’s own bots, the assistant first, with what operators edit', async () => {
    const body = await list();
    expect(body.code).toBe(0);
    const [first, ...rest] = body.data.list;
    expect(first).toMatchObject({ is_assistant: true, is_system: true, creator: null });
    expect(rest.length).toBeGreaterThanOrEqual(16);
    expect(rest.every((b) => b.is_system && !b.is_assistant && b.persona.length > 0)).toBe(true);
    const creator = await t.login();
    const own = await publishedBot(t, creator.token, admin.token);
    expect(body.data.list.map((b) => b.id)).not.toContain(own.id);
    expect((await put(own.id, formOf(rest[0]!))).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await list(creator.token)).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('edits one: the public page and the next reply use the edit at once; audited with what changed', async () => {
    const bot = (await list()).data.list[1]!;
    const user = await t.login();
    const persona = `你是运营修改后的角色设定，编号${Date.now()}。`;
    const res = await put(
      bot.id,
      formOf(bot, {
        name: '新名字',
        intro: '新的简介',
        persona,
        questions: ['第一问'],
        model_id: model,
        temperature: 1.1,
      }),
    );
    expect(res.body).toMatchObject({
      code: 0,
      data: { id: bot.id, name: '新名字', persona, questions: ['第一问'], model_id: model, temperature: 1.1 },
    });
    expect(await detail(bot.id)).toMatchObject({ name: '新名字', intro: '新的简介', model_id: model });

    const c = await newConversation(t, user.token, bot.id);
    const before = fake.requestsFor(model).length;
    const reply = await sendMessage(t, user.token, c.id, { content: '你是谁？' });
    expect(reply.events.at(-1)?.event).toBe('done');
    const sent = fake.requestsFor(model)[before]!;
    expect(sent.body.messages.find((m) => m.role === 'system')?.content).toContain(persona);

    const [row] = (await auditOf(t, `bot:${bot.id}`)).slice(-1);
    expect(row).toMatchObject({
      action: 'system_bot.update',
      actorId: admin.user.id,
      ip: expect.any(String),
    });
    expect(row!.before).toEqual({
      name: bot.name,
      intro: bot.intro,
      persona: bot.persona,
      questions: bot.questions,
      modelId: bot.model_id,
      temperature: bot.temperature,
    });
    expect(row!.after).toMatchObject({ name: '新名字', persona, questions: ['第一问'], modelId: model });
  });

  it('puts one on home’s row (at the end) and takes it off', async () => {
    const bot = (await list()).data.list.find((b) => !b.featured && !b.is_assistant)!;
    expect((await put(bot.id, formOf(bot, { featured: true }))).body.data.featured).toBe(true);
    const row = (await t.call<FeaturedList>('GET', '/api/v1/admin/featured/home', { token: admin.token }))
      .body.data.list;
    expect(row.at(-1)!.id).toBe(bot.id);
    const off = await put(bot.id, formOf(bot, { featured: false }));
    expect(off.body.data.featured).toBe(false);
    expect((await home()).featured.map((b) => b.id)).not.toContain(bot.id);
  });

  it('edits the home assistant, but its name follows the settings and it is never featured', async () => {
    const assistant = (await list()).data.list[0]!;
    const renamed = await put(assistant.id, formOf(assistant, { name: '别的名字' }));
    expect(renamed.body).toMatchObject({ code: ErrorCode.BAD_REQUEST });
    expect(renamed.body.msg).toContain('系统设置');
    expect((await put(assistant.id, formOf(assistant, { featured: true }))).body.code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    const ok = await put(assistant.id, formOf(assistant, { greeting: '你好，我是新的开场白。' }));
    expect(ok.body.code).toBe(0);
    expect((await home()).assistant.greeting).toBe('你好，我是新的开场白。');
  });

  it('refuses bad input with 10001, never a 500', async () => {
    const bot = (await list()).data.list[2]!;
    const refused: Partial<SystemBotBody>[] = [
      { name: '' },
      { name: '名'.repeat(21) },
      { persona: '太短' },
      { persona: `含有空字符\u0000的角色设定，足够长了。` },
      { intro: `孤立代理\ud800` },
      { category: 'no-such-cat' },
      { model_id: 'no-such-model' },
      { temperature: 9 },
      { temperature: 1e308 * 10 },
      { avatar: 'javascript:alert(1)' },
      { questions: ['1', '2', '3', '4'] },
    ];
    for (const o of refused) {
      const res = await put(bot.id, formOf(bot, o));
      expect(res.status, JSON.stringify(o)).toBe(200);
      expect(res.body.code, JSON.stringify(o)).toBe(ErrorCode.BAD_REQUEST);
    }
    for (const id of ['0', '-1', 'abc', '1e400', '99999999999999999999']) {
      expect((await put(id, formOf(bot))).body.code, id).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await put(99_999_999, formOf(bot))).body.code).toBe(ErrorCode.NOT_FOUND);
    expect(await detail(bot.id)).toMatchObject({ name: bot.name });
  });

  it('applies 50 identical edits at once, each whole', async () => {
    const bot = (await list()).data.list[3]!;
    const bodies = await atOnce(50, () =>
      put(bot.id, formOf(bot, { intro: '并发修改', featured: !bot.featured })),
    );
    expect(codesOf(bodies)).toEqual({ 0: 50 });
    const rows = (await auditOf(t, `bot:${bot.id}`)).filter((r) => r.action === 'system_bot.update');
    // The first changes intro and featured; the others change nothing but are still recorded as edits.
    expect(rows[0]!.after).toEqual({ intro: '并发修改', featured: !bot.featured });
    expect(rows.slice(1).every((r) => JSON.stringify(r.after) === '{}')).toBe(true);
    const row = (await t.call<FeaturedList>('GET', '/api/v1/admin/featured/home', { token: admin.token }))
      .body.data.list;
    expect(row.filter((b) => b.id === bot.id)).toHaveLength(bot.featured ? 0 : 1);
  });
});
