import type { ChatMessage, Conversation, Page } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, newConversation, openReply, sendMessage, waitFor } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { chipLedger } from '../../db/schema/wallet.js';

let t: TestApp;
let fake: FakeOpenAi;
let model: string;
const PRICE = 2;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'fake-chat': { price: PRICE } });
  model = m.ids['fake-chat']!;
  t = await (await startTestApp({ env: { ...m.env, CHAT_RATE_PER_MINUTE: '100' } })).listen();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const messages = async (token: string, conversationId: number) =>
  (await t.call<Page<ChatMessage>>('GET', `/api/v1/conversation/${conversationId}/message`, { token })).body
    .data.list;
const chatRows = (userId: number) =>
  t.db
    .select()
    .from(chipLedger)
    .where(and(eq(chipLedger.userId, userId), eq(chipLedger.reason, 'chat')));
const balance = async (token: string) =>
  (await t.call<{ chips: number }>('GET', '/api/v1/user', { token })).body.data.chips;
/** The reply once it is settled (no longer `streaming`). */
const settled = (token: string, conversationId: number) =>
  waitFor(async () => {
    const [last] = await messages(token, conversationId);
    return last && last.role === 'assistant' && last.status !== 'streaming' && last;
  });
const send = (token: string, conversationId: number, content: string) =>
  openReply(t, `/api/v1/conversation/${conversationId}/message`, {
    token,
    body: { content, model_id: model },
  });

describe('POST /api/v1/conversation/{id}/message: the stream', () => {
  it('streams start, then each delta as the upstream writes it, then done with usage, charge and balance', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    const deltas = ['床前', '明月光，', '疑是', '地上霜。'];
    fake.once({ deltas, deltaDelayMs: 250, usage: { prompt_tokens: 42, completion_tokens: 9 } }, model);

    const s = await send(token, c.id, '背一首李白的诗');
    expect(s.status).toBe(200);
    expect(s.contentType).toContain('text/event-stream');
    const start = (await s.next())!;
    expect(start.event).toBe('start');
    expect(start.data).toMatchObject({
      conversation_id: c.id,
      model,
      user_message: { content: '背一首李白的诗' },
    });

    const first = (await s.next())!;
    expect(first).toEqual({ event: 'delta', data: { text: '床前' } });
    // Flushed the moment it arrived: the upstream has not written the second delta yet.
    const rec = fake.requestsFor(model).at(-1)!;
    expect(rec.deltasSent).toBe(1);
    expect(rec.finished).toBe(false);

    const rest = await s.rest();
    expect(rest.map((e) => e.event)).toEqual(['delta', 'delta', 'delta', 'done']);
    expect([first, ...rest.slice(0, 3)].map((e) => e.data.text)).toEqual(deltas);
    const done = rest.at(-1)!.data;
    expect(done.usage).toEqual({ prompt_tokens: 42, completion_tokens: 9 });
    expect(done.finish_reason).toBe('stop');
    expect(done.chips_charged).toBe(PRICE);
    expect(done.balance).toBe(user.chips - PRICE);
    expect(done.message).toMatchObject({
      id: start.data.message_id,
      role: 'assistant',
      content: deltas.join(''),
      status: 'complete',
      model,
      chips: PRICE,
    });

    const [reply, question] = await messages(token, c.id);
    expect(reply).toMatchObject({ id: start.data.message_id, content: deltas.join(''), status: 'complete' });
    expect(question).toMatchObject({ role: 'user', content: '背一首李白的诗', status: 'complete' });
    const detail = await t.call<Conversation>('GET', `/api/v1/conversation/${c.id}`, { token });
    expect(detail.body.data).toMatchObject({ last_message: deltas.join(''), message_count: 2 });
    expect(await balance(token)).toBe(user.chips - PRICE);
    expect(await chatRows(user.id)).toHaveLength(1);
  });

  it('sends the upstream the persona, the history and the new message, with the configured key', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    fake.once({ deltas: ['第一个回答'] }, model);
    await sendMessage(t, token, c.id, { content: '第一个问题', model_id: model });
    fake.once({ deltas: ['第二个回答'] }, model);
    const second = await sendMessage(t, token, c.id, { content: '第二个问题', model_id: model });
    expect(second.events.at(-1)!.event).toBe('done');

    const rec = fake.requestsFor(model).at(-1)!;
    expect(rec.authorization).toBe('Bearer sk-test');
    expect(rec.body).toMatchObject({ model, stream: true, stream_options: { include_usage: true } });
    const sent = rec.body.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[0]!.content).toContain('你是灵犀');
    expect(sent.slice(1).map((m) => m.content)).toEqual(['第一个问题', '第一个回答', '第二个问题']);
  });
});

describe('stop: the client closes the stream', () => {
  it('aborts the upstream at once, keeps the partial reply as stopped, and charges it once', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    fake.once({ deltas: ['一', '二', '三', '四', '五', '六'], deltaDelayMs: 200 }, model);
    const s = await send(token, c.id, '数到六');
    expect((await s.next())!.event).toBe('start');
    expect((await s.next())!.data.text).toBe('一');
    expect((await s.next())!.data.text).toBe('二');
    const rec = fake.requestsFor(model).at(-1)!;
    const stoppedAt = Date.now();
    s.stop();

    await rec.ended;
    expect(rec.clientClosedAt).not.toBeNull();
    expect(rec.clientClosedAt! - stoppedAt).toBeLessThan(1000);
    expect(rec.deltasSent).toBeLessThan(6);
    expect(fake.closedConnections).toContain(rec);

    const reply = await settled(token, c.id);
    expect(reply.status).toBe('stopped');
    expect(reply.content).toMatch(/^一二/);
    expect(reply.content.length).toBeLessThan(6);
    expect(reply.chips).toBe(PRICE);
    // The message is settled before its charge is written (reply.service.ts): wait for the ledger row.
    const rows = await waitFor(async () => {
      const r = await chatRows(user.id);
      return r.length > 0 && r;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: -PRICE, refType: 'message', refId: String(reply.id) });
    expect(await balance(token)).toBe(user.chips - PRICE);
  });

  it('charges nothing when stopped before the first delta, and the chips are free again', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    fake.once({ firstByteDelayMs: 10_000 }, model);
    const s = await send(token, c.id, '你好');
    expect((await s.next())!.event).toBe('start');
    const rec = await waitFor(() =>
      fake
        .requestsFor(model)
        .find((r) => r.body.messages.at(-1)?.content === '你好' && !r.finished && r.clientClosedAt === null),
    );
    s.stop();
    await rec.ended;
    expect(rec.clientClosedAt).not.toBeNull();

    const reply = await settled(token, c.id);
    expect(reply).toMatchObject({ status: 'stopped', content: '', chips: 0 });
    expect(await chatRows(user.id)).toHaveLength(0);
    expect(await balance(token)).toBe(user.chips);
    const again = await sendMessage(t, token, c.id, { content: '再说一次', model_id: model });
    expect(again.events.at(-1)!.data.balance).toBe(user.chips - PRICE);
  });
});

describe('POST /api/v1/conversation/{id}/regenerate', () => {
  it('replaces the last reply with a new streamed one and charges again', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    fake.once({ deltas: ['旧的', '回答'] }, model);
    const first = await sendMessage(t, token, c.id, { content: '讲个笑话', model_id: model });
    const oldId = first.events.at(-1)!.data.message!.id;

    fake.once({ deltas: ['新的', '回答'] }, model);
    const s = await openReply(t, `/api/v1/conversation/${c.id}/regenerate`, {
      token,
      body: { model_id: model },
    });
    const events = await s.rest();
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'done']);
    expect(events[0]!.data.user_message).toBeNull();
    const done = events.at(-1)!.data;
    expect(done.message).toMatchObject({ content: '新的回答', status: 'complete' });
    expect(done.message!.id).not.toBe(oldId);
    expect(done.balance).toBe(user.chips - 2 * PRICE);

    const list = await messages(token, c.id);
    expect(list.map((m) => [m.role, m.content])).toEqual([
      ['assistant', '新的回答'],
      ['user', '讲个笑话'],
    ]);
    const sent = fake.requestsFor(model).at(-1)!.body.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    expect(await chatRows(user.id)).toHaveLength(2);
    const detail = await t.call<Conversation>('GET', `/api/v1/conversation/${c.id}`, { token });
    expect(detail.body.data).toMatchObject({ message_count: 2, last_message: '新的回答' });
  });

  it('refuses when there is no reply to regenerate', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    const s = await openReply(t, `/api/v1/conversation/${c.id}/regenerate`, { token });
    expect(s.envelope).toMatchObject({ code: 10001 });
  });
});

describe('PUT /api/v1/message/{id}/rating', () => {
  it('rates a reply up, down and back to none; refuses others and user messages', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    const sent = await sendMessage(t, token, c.id, { content: '你好', model_id: model });
    const reply = sent.events.at(-1)!.data.message!;
    const rate = (id: number, rating: unknown, tok = token) =>
      t.call<ChatMessage>('PUT', `/api/v1/message/${id}/rating`, { token: tok, body: { rating } });

    for (const r of [1, -1, 0] as const) {
      const res = await rate(reply.id, r);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({ id: reply.id, rating: r });
    }
    await rate(reply.id, 1);
    expect((await messages(token, c.id))[0]!.rating).toBe(1);
    expect((await rate(reply.id, 2)).body.code).toBe(10001);

    const other = await t.login();
    expect((await rate(reply.id, 1, other.token)).body.code).toBe(10004);
    const question = sent.events[0]!.data.user_message!;
    expect((await rate(question.id, 1)).body.code).toBe(10004);
    expect((await rate(99_999_999, 1)).body.code).toBe(10004);
  });
});
