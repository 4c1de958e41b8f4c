import { ErrorCode, type ChipRecord, type Page } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm } from '../../../test/bots.js';
import { fakeModels, openReply } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { messages } from '../../db/schema/chat.js';
import { chipHolds } from '../../db/schema/wallet.js';

let t: TestApp;
let fake: FakeOpenAi;
let model: string;
const PRICE = 3;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'preview-chat': { price: PRICE } });
  model = m.ids['preview-chat']!;
  t = await (await startTestApp({ env: m.env })).listen();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const preview = async (token: string, body: unknown) => {
  const s = await openReply(t, '/api/v1/bot/preview', { token, body });
  return { ...s, events: await s.rest() };
};
const balance = async (token: string) =>
  (await t.call<{ chips: number }>('GET', '/api/v1/user', { token })).body.data.chips;

describe('POST /api/v1/bot/preview', () => {
  it("streams a reply of the unsaved settings, writes no message, and costs the model's price", async () => {
    const { token, user } = await t.login();
    const start = await balance(token);
    const bot = botForm({
      persona: '未保存的角色设定：你是一位说相声的演员。',
      model_id: model,
      temperature: 0.3,
    });
    fake.once({ deltas: ['您', '好嘞！'] }, model);
    const history = [
      { role: 'user', content: '你好' },
      { role: 'assistant', content: '你好呀' },
      { role: 'user', content: '来一段' },
    ];
    const res = await preview(token, { bot, messages: history });
    expect(res.contentType).toContain('text/event-stream');
    expect(res.events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'done']);
    expect(res.events[0]!.data).toEqual({ model, citations: [] });
    expect(res.events.at(-1)!.data).toMatchObject({
      chips_charged: PRICE,
      balance: start - PRICE,
      citations: [],
    });

    const sent = fake.requestsFor(model).at(-1)!.body;
    expect(sent.messages).toEqual([{ role: 'system', content: bot.persona }, ...history]);
    expect(sent.temperature).toBe(0.3);
    expect(await balance(token)).toBe(start - PRICE);
    const records = await t.call<Page<ChipRecord>>('GET', '/api/v1/chip/record', { token });
    expect(records.body.data.list[0]).toMatchObject({ delta: -PRICE, reason: 'chat' });
    expect(await t.db.select().from(messages).where(eq(messages.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(chipHolds).where(eq(chipHolds.userId, user.id))).toHaveLength(0);
  });

  it('costs nothing when the model fails', async () => {
    const { token } = await t.login();
    const start = await balance(token);
    fake.once({ status: 500 }, model);
    const res = await preview(token, {
      bot: botForm({ model_id: model }),
      messages: [{ role: 'user', content: '嗨' }],
    });
    expect(res.events.at(-1)).toMatchObject({ event: 'error', data: { code: ErrorCode.UPSTREAM_FAILED } });
    expect(await balance(token)).toBe(start);
  });

  it('is refused before streaming: no chips, sensitive words, a last message not from the user, no login', async () => {
    const { token, user } = await t.login();
    const msgs = [{ role: 'user', content: '你好' }];
    const body = { bot: botForm({ model_id: model }), messages: msgs };
    const words = await preview(token, { ...body, bot: botForm({ model_id: model, greeting: '约炮吗' }) });
    expect(words.envelope).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '「开场白」包含不当内容：约炮',
    });
    const last = await preview(token, { ...body, messages: [...msgs, { role: 'assistant', content: '在' }] });
    expect(last.envelope).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '最后一条应为用户消息' });
    const empty = await preview(token, { ...body, messages: [] });
    expect(empty.envelope).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请输入消息' });

    // Spent down through the ledger (the database is shared: the ledger rule holds at every moment).
    await t.modules.wallet.apply({
      userId: user.id,
      delta: -(await balance(token)),
      reason: 'admin',
      idempotencyKey: `test:drain:${user.id}`,
    });
    const poor = await preview(token, body);
    expect(poor.envelope).toMatchObject({ code: ErrorCode.INSUFFICIENT_CHIPS });
    const anonymous = await t.call('POST', '/api/v1/bot/preview', { body });
    expect(anonymous.body.code).toBe(ErrorCode.NO_TOKEN);
  });
});
