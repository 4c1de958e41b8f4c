import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { bots } from '../../db/schema/bots.js';
import { conversations, messages } from '../../db/schema/chat.js';
import { models } from '../../db/schema/models.js';

/**
 * A reply reads its conversation, its bot and its model from memory. With the embedded database they stay there until the
 * database announces a change (migrations 0007, 0008); direct writes here stand for any other writer (an
 * operator's tool, a migration): the next reply already sees them. On PostgreSQL bots and models last 5 s
 * instead, and conversations are not kept.
 */
const onPglite = !process.env.DATABASE_URL;

let t: TestApp;
let fake: FakeOpenAi;
let model: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'fake-cache': { price: 1 } });
  model = m.ids['fake-cache']!;
  t = await (await startTestApp({ env: { ...m.env, CHAT_RATE_PER_MINUTE: '100' } })).listen();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/**
 * A published bot of its own, so that changing it touches no other test; another user's, not a system bot
 * (on PostgreSQL the run shares one database, and the catalogue's tests check every system bot).
 */
async function ownBot(persona: string) {
  const { user: creator } = await t.login();
  const [bot] = await t.db
    .insert(bots)
    .values({
      creatorId: creator.id,
      name: '缓存测试助手',
      avatar: '/avatar.png',
      categoryId: 'work',
      persona,
      status: 'published',
      visibility: 'public',
      modelId: model,
    })
    .returning();
  return bot!;
}

async function ask(token: string, conversationId: number, content: string) {
  fake.once({ deltas: ['好的'] }, model);
  const sent = await sendMessage(t, token, conversationId, { content });
  return { sent, persona: fake.requestsFor(model).at(-1)?.body.messages[0]?.content };
}

// On PostgreSQL the test app waits for announcements before each request (test/helpers.ts), as a request
// that made the change would (docs/scaling.md). Disabling a trigger is for the embedded database only: on
// PostgreSQL the run's files share the table.
describe('a reply sees a bot or model changed behind the services at once', () => {
  it("takes the bot's new persona, and refuses once the bot is taken down", async () => {
    const bot = await ownBot('你是一位耐心的老师。');
    const { token } = await t.login();
    const c = await newConversation(t, token, bot.id);
    expect((await ask(token, c.id, '你好')).persona).toBe('你是一位耐心的老师。');

    await t.db.update(bots).set({ persona: '你是一位严厉的教练。' }).where(eq(bots.id, bot.id));
    expect((await ask(token, c.id, '再说一次')).persona).toBe('你是一位严厉的教练。');

    await t.db.update(bots).set({ status: 'draft' }).where(eq(bots.id, bot.id));
    const refused = await sendMessage(t, token, c.id, { content: '还在吗' });
    expect(refused.envelope).toMatchObject({ code: 10004, msg: '智能体不存在或已下架' });
  });

  it.skipIf(!onPglite)('keeps the bot on a change of its counters only', async () => {
    const bot = await ownBot('你是一位诗人。');
    const { token } = await t.login();
    const c = await newConversation(t, token, bot.id);
    await ask(token, c.id, '你好');
    // Changed without announcing (no trigger fires on counters): the cached bot is still used.
    await t.db.execute(sql`ALTER TABLE bots DISABLE TRIGGER bots_changed`);
    try {
      await t.db.update(bots).set({ persona: '你是一位画家。' }).where(eq(bots.id, bot.id));
    } finally {
      await t.db.execute(sql`ALTER TABLE bots ENABLE TRIGGER bots_changed`);
    }
    await t.db.update(bots).set({ chatCount: 99, hotScore: 99 }).where(eq(bots.id, bot.id));
    expect((await ask(token, c.id, '再说一次')).persona).toBe('你是一位诗人。');
  });

  it('refuses a model disabled behind the services, and takes a new price at once', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    fake.once({ deltas: ['好的'] }, model);
    await sendMessage(t, token, c.id, { content: '你好', model_id: model });

    await t.db.update(models).set({ chipPrice: 4 }).where(eq(models.id, model));
    fake.once({ deltas: ['好的'] }, model);
    const priced = await sendMessage(t, token, c.id, { content: '多少钱', model_id: model });
    expect(priced.events.at(-1)!.data).toMatchObject({ chips_charged: 4, balance: user.chips - 1 - 4 });

    await t.db.update(models).set({ enabled: false }).where(eq(models.id, model));
    try {
      const refused = await sendMessage(t, token, c.id, { content: '还在吗', model_id: model });
      expect(refused.envelope).toMatchObject({ code: 10001, msg: '该模型不存在或已停用' });
    } finally {
      await t.db.update(models).set({ enabled: true, chipPrice: 1 }).where(eq(models.id, model));
    }
  });
});

describe('a reply sees its conversation changed behind the services at once', () => {
  // The home assistant's conversations, asking the fake model by id (no bot of their own: on PostgreSQL the
  // test run shares one database, and the catalogue's tests list every system bot).
  async function chat(token: string, conversationId: number, content: string) {
    fake.once({ deltas: ['好的'] }, model);
    return sendMessage(t, token, conversationId, { content, model_id: model });
  }
  /** What the model was last sent, after the persona. */
  const historyOf = () =>
    fake
      .requestsFor(model)
      .at(-1)!
      .body.messages.slice(1)
      .map((m) => m.content);
  const edit = (conversationId: number, from: string, to: string) =>
    t.db
      .update(messages)
      .set({ content: to })
      .where(and(eq(messages.conversationId, conversationId), eq(messages.content, from)));

  it('sends the edited history, and refuses a deleted conversation', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    await chat(token, c.id, '第一问');
    await edit(c.id, '第一问', '第一问（已修改）');
    await chat(token, c.id, '第二问');
    expect(historyOf()).toEqual(['第一问（已修改）', '好的', '第二问']);

    await t.db.update(conversations).set({ deletedAt: new Date() }).where(eq(conversations.id, c.id));
    const refused = await sendMessage(t, token, c.id, { content: '第三问', model_id: model });
    expect(refused.envelope).toMatchObject({ code: 10004, msg: '对话不存在或已删除' });
  });

  it('refuses while a reply written elsewhere is still streaming', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    await chat(token, c.id, '你好');
    await t.db.insert(messages).values({
      conversationId: c.id,
      userId: user.id,
      role: 'assistant',
      content: '',
      status: 'streaming',
      modelId: model,
    });
    const refused = await sendMessage(t, token, c.id, { content: '在吗', model_id: model });
    expect(refused.envelope).toMatchObject({ code: 10001, msg: '上一条回复还在生成中，请稍候' });
  });

  it.skipIf(!onPglite)('reads it from memory until a change is announced', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    await chat(token, c.id, '山');
    // Changed without announcing: the next reply still sends what it kept.
    await t.db.execute(sql`ALTER TABLE messages DISABLE TRIGGER messages_changed`);
    try {
      await edit(c.id, '山', '水');
    } finally {
      await t.db.execute(sql`ALTER TABLE messages ENABLE TRIGGER messages_changed`);
    }
    await chat(token, c.id, '河');
    expect(historyOf()).toEqual(['山', '好的', '河']);
  });
});
