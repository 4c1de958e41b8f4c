import type { ChatMessage, Conversation, Page } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeAssistantId, newConversation, openReply, sendMessage } from '../../../test/chat.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { previewOf } from './preview.js';

let t: TestApp;
let assistantId: number;

beforeAll(async () => {
  t = await (await startTestApp({ env: { OFFLINE_STREAM_DELAY_MS: '0' } })).listen();
  assistantId = await homeAssistantId(t);
});
afterAll(() => t?.close());

/** A message with the platform's default model (the offline one here), read to its end. */
async function chat(token: string, conversationId: number, content: string) {
  const sent = await sendMessage(t, token, conversationId, { content });
  const done = sent.events.at(-1)!;
  expect(done.event).toBe('done');
  return done.data.message!;
}

const list = (token: string, query = '') =>
  t.call<Page<Conversation>>('GET', `/api/v1/conversation${query}`, { token });
const messagePage = (token: string, id: number, query = '') =>
  t.call<Page<ChatMessage>>('GET', `/api/v1/conversation/${id}/message${query}`, { token });

describe('conversations', () => {
  it('creates a conversation with a bot', async () => {
    const { token } = await t.login();
    const res = await t.call<Conversation>('POST', '/api/v1/conversation', {
      token,
      body: { bot_id: assistantId },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      title: '灵犀',
      bot: { id: assistantId, name: '灵犀' },
      last_message: '',
      message_count: 0,
    });
    expect(res.body.data.bot).not.toHaveProperty('persona');
    const unknown = await t.call('POST', '/api/v1/conversation', { token, body: { bot_id: 99_999_999 } });
    expect(unknown.body.code).toBe(10004);
    expect((await t.call('POST', '/api/v1/conversation', { token, body: {} })).body.code).toBe(10001);
    expect((await t.call('POST', '/api/v1/conversation', { body: { bot_id: assistantId } })).body.code).toBe(
      20003,
    );
  });

  it('lists my conversations newest first, with the last message and the bot, paged', async () => {
    const { token } = await t.login();
    const made: Conversation[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      made.push(await newConversation(t, token, assistantId));
    }
    t.clock.advance(1000);
    const reply = await chat(token, made[0]!.id, '帮我写一段生日祝福');

    const whole = await list(token);
    expect(whole.body.data.list.map((c) => c.id)).toEqual([made[0]!.id, made[2]!.id, made[1]!.id]);
    expect(whole.body.data.next_cursor).toBeNull();
    const [top] = whole.body.data.list;
    expect(top).toMatchObject({
      title: '帮我写一段生日祝福',
      last_message: previewOf(reply.content),
      message_count: 2,
      bot: { id: assistantId, name: '灵犀', is_system: true },
    });
    expect(top!.last_message.length).toBeGreaterThan(0);

    const first = await list(token, '?limit=2');
    expect(first.body.data.list.map((c) => c.id)).toEqual([made[0]!.id, made[2]!.id]);
    const cursor = encodeURIComponent(first.body.data.next_cursor!);
    const second = await list(token, `?limit=2&cursor=${cursor}`);
    expect(second.body.data.list.map((c) => c.id)).toEqual([made[1]!.id]);
    expect(second.body.data.next_cursor).toBeNull();

    expect((await list(token, `?bot_id=${assistantId}`)).body.data.list).toHaveLength(3);
    expect((await list(token, '?cursor=zzz')).body.code).toBe(10001);
  });

  it('shows a conversation in detail', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token, assistantId);
    await chat(token, c.id, '今天晚饭吃点什么好？有什么简单又好吃的家常菜推荐吗，最好半小时能做好');
    const res = await t.call<Conversation>('GET', `/api/v1/conversation/${c.id}`, { token });
    expect(res.body.data).toMatchObject({ id: c.id, message_count: 2, bot: { id: assistantId } });
    expect(res.body.data.title).toBe('今天晚饭吃点什么好？有什么简单又好吃的家常菜推荐吗，最好半小');
    expect((await t.call('GET', '/api/v1/conversation/99999999', { token })).body.code).toBe(10004);
  });

  it('deletes a conversation: then it is not found and gone from the list', async () => {
    const { token } = await t.login();
    const keep = await newConversation(t, token, assistantId);
    const gone = await newConversation(t, token, assistantId);
    await chat(token, gone.id, '你好');
    const res = await t.call('DELETE', `/api/v1/conversation/${gone.id}`, { token });
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { ok: true } });

    expect((await t.call('GET', `/api/v1/conversation/${gone.id}`, { token })).body.code).toBe(10004);
    expect((await messagePage(token, gone.id)).body.code).toBe(10004);
    expect((await list(token)).body.data.list.map((c) => c.id)).toEqual([keep.id]);
    expect((await t.call('DELETE', `/api/v1/conversation/${gone.id}`, { token })).body.code).toBe(10004);
  });

  it("lists a conversation's messages newest first, paged backwards", async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token, assistantId);
    for (const q of ['第一问', '第二问', '第三问']) await chat(token, c.id, q);

    const first = await messagePage(token, c.id, '?limit=4');
    const page1 = first.body.data.list;
    expect(page1.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
    expect(page1.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['第三问', '第二问']);
    expect(page1.every((m) => m.conversation_id === c.id)).toBe(true);
    expect(page1.filter((m) => m.role === 'assistant').every((m) => m.status === 'complete')).toBe(true);

    const cursor = encodeURIComponent(first.body.data.next_cursor!);
    const second = await messagePage(token, c.id, `?limit=4&cursor=${cursor}`);
    const page2 = second.body.data.list;
    expect(page2.map((m) => [m.role, m.role === 'user' ? m.content : '…'])).toEqual([
      ['assistant', '…'],
      ['user', '第一问'],
    ]);
    expect(second.body.data.next_cursor).toBeNull();
    const ids = [...page1, ...page2].map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(6);
  });
});

describe("someone else's conversation", () => {
  it('cannot be read, listed, deleted or posted to', async () => {
    const owner = await t.login();
    const intruder = await t.login();
    const c = await newConversation(t, owner.token, assistantId);
    await chat(owner.token, c.id, '私密的问题');
    const as = { token: intruder.token };

    expect((await t.call('GET', `/api/v1/conversation/${c.id}`, as)).body.code).toBe(10004);
    expect((await messagePage(intruder.token, c.id)).body.code).toBe(10004);
    expect((await list(intruder.token)).body.data.list).toEqual([]);
    expect((await t.call('DELETE', `/api/v1/conversation/${c.id}`, as)).body.code).toBe(10004);
    const post = await openReply(t, `/api/v1/conversation/${c.id}/message`, {
      token: intruder.token,
      body: { content: '偷看' },
    });
    expect(post.envelope).toMatchObject({ code: 10004 });
    const regenerate = await openReply(t, `/api/v1/conversation/${c.id}/regenerate`, {
      token: intruder.token,
    });
    expect(regenerate.envelope).toMatchObject({ code: 10004 });

    // The owner's conversation is untouched.
    const mine = await messagePage(owner.token, c.id);
    expect(mine.body.data.list.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect((await list(owner.token)).body.data.list.map((x) => x.id)).toEqual([c.id]);
  });
});
