import type { BotDetail, BotHome } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot, makeVip, startCreationApp } from '../../../test/bots.js';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import type { TestApp } from '../../../test/helpers.js';
import { users } from '../../db/schema.js';

let t: TestApp;
let fake: FakeOpenAi;
let ids: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'std-model': { price: 1 }, 'vip-model': { price: 3, vip: true } });
  ids = m.ids;
  ({ t } = await startCreationApp(m.env));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const detail = async (id: number, token?: string) =>
  (await t.call<BotDetail>('GET', `/api/v1/bot/${id}`, { token })).body.data;

const OFFLINE = { id: 'offline', name: '离线模型', provider: 'offline', chip_price: 1, base_chip_price: 1 };

describe('the model a bot page names (the chat header, and the offline notice)', () => {
  it('is the offline model for the seeded bots of a fresh install, logged in or not', async () => {
    const home = (await t.call<BotHome>('GET', '/api/v1/bot/home')).body.data;
    expect(home.assistant.model).toEqual(OFFLINE);
    const { token } = await t.login();
    expect((await detail(home.assistant.id, token)).model).toEqual(OFFLINE);
    expect((await detail(home.assistant.id)).model).toEqual(OFFLINE);
  });

  it('is the bot’s own model when it has one', async () => {
    const { token } = await t.login();
    const bot = await createBot(t, token, { model_id: ids['std-model'] });
    expect((await detail(bot.id, token)).model).toEqual({
      id: ids['std-model'],
      name: 'std-model',
      provider: 'openai',
      chip_price: 1,
      base_chip_price: 1,
    });
  });

  it('is the one the replies really run on: a VIP-only model for a VIP, the default once membership lapses', async () => {
    const { token, user } = await t.login();
    await makeVip(t, user.id);
    const bot = await createBot(t, token, { model_id: ids['vip-model'] });
    // Priced for the member: 3 chips, 20 % off, rounded up to 3 (docs/money.md, VIP).
    expect((await detail(bot.id, token)).model).toMatchObject({
      id: ids['vip-model'],
      provider: 'openai',
      chip_price: 3,
      base_chip_price: 3,
    });

    await t.db
      .update(users)
      .set({ vipExpiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, user.id));
    const named = (await detail(bot.id, token)).model;
    expect(named).toEqual(OFFLINE);
    const conversation = await newConversation(t, token, bot.id);
    const reply = await sendMessage(t, token, conversation.id, { content: '你好' });
    expect(reply.events[0]).toMatchObject({ event: 'start', data: { model: named.id } });
  });
});
