import { ErrorCode, SNIPPET_LIST_PREVIEW, type ChatMessage, type Page, type Snippet } from '@lingxi/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, createBot } from '../../../test/bots.js';
import { homeAssistantId, newConversation, openReply, sendMessage } from '../../../test/chat.js';
import { MINUTE, startTestApp, type TestApp } from '../../../test/helpers.js';
import { snippets } from '../../db/schema/community.js';
import { SNIPPETS_MAX } from './snippets.service.js';

let t: TestApp;
let assistantId: number;

beforeAll(async () => {
  t = await (await startTestApp({ env: { OFFLINE_STREAM_DELAY_MS: '0' } })).listen();
  assistantId = await homeAssistantId(t);
});
afterAll(() => t?.close());

/** One exchange with the offline model: the question and the answer as the conversation holds them. */
async function exchange(token: string, conversationId: number, content: string) {
  const sent = await sendMessage(t, token, conversationId, { content });
  const start = sent.events[0]!.data;
  const done = sent.events.at(-1)!;
  expect(done.event).toBe('done');
  return { question: start.user_message!, answer: done.data.message! };
}

/** A user with one conversation of two exchanges (four messages, oldest first). */
async function chatter() {
  const u = await t.login();
  const c = await newConversation(t, u.token, assistantId);
  const a = await exchange(u.token, c.id, '帮我写一句生日祝福');
  const b = await exchange(u.token, c.id, '再短一点');
  return { ...u, conversation: c, messages: [a.question, a.answer, b.question, b.answer] };
}

const save = (token: string, body: unknown) => t.call<Snippet>('POST', '/api/v1/snippet', { token, body });
const get = (token: string, id: number) => t.call<Snippet>('GET', `/api/v1/snippet/${id}`, { token });
const list = (token: string, q = '') => t.call<Page<Snippet>>('GET', `/api/v1/snippet${q}`, { token });
const ids = (ms: ChatMessage[]) => ms.map((m) => m.id);

describe('saving a snippet', () => {
  it('copies the chosen messages in the conversation order, with their roles and the bot', async () => {
    const u = await chatter();
    const [q1, a1, , a2] = u.messages;
    const res = await save(u.token, {
      conversation_id: u.conversation.id,
      message_ids: [a2!.id, q1!.id, a1!.id, a2!.id, q1!.id],
      title: '  生日祝福  ',
      note: '给妈妈的',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      title: '生日祝福',
      note: '给妈妈的',
      bot: { id: assistantId, name: '灵犀' },
      message_count: 3,
      messages: [
        { role: 'user', content: q1!.content },
        { role: 'assistant', content: a1!.content },
        { role: 'assistant', content: a2!.content },
      ],
    });
    expect(res.body.data.bot!.avatar).toBeTruthy();
    expect((await get(u.token, res.body.data.id)).body.data).toEqual(res.body.data);
  });

  it('keeps the text as it was when the reply is regenerated or the conversation deleted', async () => {
    const u = await chatter();
    const [, , q2, a2] = u.messages;
    const saved = (
      await save(u.token, { conversation_id: u.conversation.id, message_ids: ids([q2!, a2!]), title: '原样' })
    ).body.data;

    // The regenerated reply replaces the saved one in the conversation; the snippet keeps its copy.
    const regenerated = await openReply(t, `/api/v1/conversation/${u.conversation.id}/regenerate`, {
      token: u.token,
    });
    const events = await regenerated.rest();
    expect(events.at(-1)!.event).toBe('done');
    const history = await t.call<Page<ChatMessage>>(
      'GET',
      `/api/v1/conversation/${u.conversation.id}/message`,
      { token: u.token },
    );
    expect(ids(history.body.data.list)).not.toContain(a2!.id);
    expect((await get(u.token, saved.id)).body.data).toEqual(saved);

    // Saving the replaced reply now: it is gone from the conversation.
    const stale = await save(u.token, {
      conversation_id: u.conversation.id,
      message_ids: [a2!.id],
      title: '旧回复',
    });
    expect(stale.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '消息不存在' });

    const removed = await t.call('DELETE', `/api/v1/conversation/${u.conversation.id}`, { token: u.token });
    expect(removed.body.code).toBe(0);
    expect((await get(u.token, saved.id)).body.data).toEqual(saved);
    expect(saved.messages).toEqual([
      { role: 'user', content: q2!.content },
      { role: 'assistant', content: a2!.content },
    ]);
  });

  it('shows the bot as it is now, and none once it is deleted', async () => {
    const u = await t.login();
    const bot = await createBot(t, u.token, { name: '旅行助手' });
    const c = await newConversation(t, u.token, bot.id);
    const { question, answer } = await exchange(u.token, c.id, '去杭州玩两天怎么安排');
    const saved = (
      await save(u.token, { conversation_id: c.id, message_ids: ids([question, answer]), title: '杭州' })
    ).body.data;
    expect(saved.bot).toMatchObject({ id: bot.id, name: '旅行助手' });

    const renamed = await t.call('PUT', `/api/v1/bot/${bot.id}`, {
      token: u.token,
      body: botForm({ name: '杭州向导' }),
    });
    expect(renamed.body.code).toBe(0);
    expect((await get(u.token, saved.id)).body.data.bot).toMatchObject({ id: bot.id, name: '杭州向导' });

    expect((await t.call('DELETE', `/api/v1/bot/${bot.id}`, { token: u.token })).body.code).toBe(0);
    const after = (await get(u.token, saved.id)).body.data;
    expect(after.bot).toBeNull();
    expect(after.messages).toEqual(saved.messages);
  });

  it('refuses what cannot be saved, naming the field, and writes nothing', async () => {
    const u = await chatter();
    const other = await chatter();
    const own = await newConversation(t, u.token, assistantId);
    const cid = u.conversation.id;
    const [q1, a1] = u.messages;
    const body = (o: Record<string, unknown>) => ({
      conversation_id: cid,
      message_ids: [q1!.id],
      title: '标题',
      ...o,
    });
    const refusals: [Record<string, unknown>, number, string, string?][] = [
      [{ message_ids: [] }, 10001, '请至少选择一条消息', 'message_ids'],
      [{ message_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, 10001, '一个片段最多50条消息'],
      [{ message_ids: 'abc' }, 10001, '请选择消息', 'message_ids'],
      [{ message_ids: [0] }, 10001, '消息ID不正确'],
      [{ message_ids: [q1!.id, other.messages[0]!.id] }, 10001, '消息不存在', 'message_ids'],
      [{ conversation_id: own.id }, 10001, '消息不存在', 'message_ids'],
      [{ conversation_id: other.conversation.id, message_ids: [other.messages[0]!.id] }, 10004, '对话不存在'],
      [{ conversation_id: 99_999_999 }, 10004, '对话不存在'],
      [{ conversation_id: 'x' }, 10001, '对话ID不正确', 'conversation_id'],
      [{ title: '' }, 10001, '请填写标题', 'title'],
      [{ title: '   ' }, 10001, '请填写标题', 'title'],
      [{ title: undefined }, 10001, '请填写标题', 'title'],
      [{ title: '好'.repeat(41) }, 10001, '标题最多40个字', 'title'],
      [{ note: '注'.repeat(201) }, 10001, '备注最多200个字', 'note'],
      [{ title: '标题\u0000' }, 10001, '', 'title'],
      [{ note: 'a\uD800b' }, 10001, '', 'note'],
      [{ title: 42 }, 10001, '', 'title'],
    ];
    for (const [o, code, msg, field] of refusals) {
      const res = await save(u.token, body(o));
      expect(res.status, JSON.stringify(o)).toBe(200);
      expect(res.body.code, JSON.stringify(o)).toBe(code);
      if (msg) expect(res.body.msg, JSON.stringify(o)).toContain(msg);
      if (field) expect(res.body.data, JSON.stringify(o)).toMatchObject({ field });
    }
    // A reply still streaming or one that failed has nothing settled to keep.
    for (const status of ['streaming', 'failed']) {
      await t.db.execute(sql`update messages set status = ${status} where id = ${a1!.id}`);
      const res = await save(u.token, body({ message_ids: [q1!.id, a1!.id] }));
      expect(res.body).toMatchObject({
        code: ErrorCode.BAD_REQUEST,
        msg: '所选消息尚未完成',
        data: { field: 'message_ids' },
      });
    }
    expect((await save('', body({}))).body.code).toBe(ErrorCode.NO_TOKEN);
    expect(await t.db.select().from(snippets).where(eq(snippets.userId, u.user.id))).toHaveLength(0);
    // 40 characters as the user sees them, however many code units.
    const emoji = '👍🏻'.repeat(40);
    expect((await save(u.token, body({ title: emoji }))).body.data).toMatchObject({ title: emoji });
  });

  it('keeps at most the limit under concurrent saves, and never answers 500', async () => {
    const u = await chatter();
    const body = { conversation_id: u.conversation.id, message_ids: ids(u.messages), title: '同时保存' };
    const burst = await Promise.all(Array.from({ length: 50 }, () => save(u.token, body)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    const codes = burst.map((r) => r.body.code);
    expect(codes.every((c) => c === 0 || c === ErrorCode.RATE_LIMITED)).toBe(true);
    const saved = codes.filter((c) => c === 0).length;
    expect(saved).toBe(20);
    expect(burst.find((r) => r.body.code === ErrorCode.RATE_LIMITED)!.body.msg).toContain('保存片段过于频繁');
    const rows = await t.db.select().from(snippets).where(eq(snippets.userId, u.user.id));
    expect(rows).toHaveLength(saved);
    expect(new Set(rows.map((r) => r.id)).size).toBe(saved);

    // Near the limit: of ten saves at once exactly enough to reach it pass.
    const now = t.clock.now();
    const filler = Array.from({ length: SNIPPETS_MAX - saved - 2 }, (_, i) => ({
      userId: u.user.id,
      title: `存档${i}`,
      messages: [{ role: 'user' as const, content: '你好' }],
      createdAt: now,
      updatedAt: now,
    }));
    await t.db.insert(snippets).values(filler);
    t.clock.advance(MINUTE);
    const last = await Promise.all(Array.from({ length: 10 }, () => save(u.token, body)));
    expect(last.filter((r) => r.body.code === 0)).toHaveLength(2);
    const refused = last.filter((r) => r.body.code !== 0);
    expect(refused.every((r) => r.body.code === ErrorCode.LIMIT_REACHED)).toBe(true);
    expect(refused[0]!.body.msg).toBe(`最多保存${SNIPPETS_MAX}个片段，请先删除不需要的片段`);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(snippets)
      .where(eq(snippets.userId, u.user.id))) as [{ n: number }];
    expect(Number(n)).toBe(SNIPPETS_MAX);
  });
});

describe('my snippets', () => {
  it('lists my own newest first, paged, with previews of the first messages', async () => {
    const u = await chatter();
    const c = await newConversation(t, u.token, assistantId);
    const long = '长'.repeat(SNIPPET_LIST_PREVIEW.chars + 50);
    const x = await exchange(u.token, c.id, long);
    const made: Snippet[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await save(u.token, {
        conversation_id: u.conversation.id,
        message_ids: ids(u.messages),
        title: `片段${i}`,
      });
      made.push(res.body.data);
    }
    const withLong = await save(u.token, {
      conversation_id: c.id,
      message_ids: [x.question.id, x.answer.id],
      title: '长消息',
    });
    made.push(withLong.body.data);
    const stranger = await chatter();
    await save(stranger.token, {
      conversation_id: stranger.conversation.id,
      message_ids: [stranger.messages[0]!.id],
      title: '别人的',
    });

    const first = await list(u.token, '?limit=2');
    expect(first.body.data.list.map((s) => s.title)).toEqual(['长消息', '片段3']);
    const [top, next] = first.body.data.list;
    expect(top!.messages[0]!.content).toBe(`${long.slice(0, SNIPPET_LIST_PREVIEW.chars)}…`);
    expect(top!.message_count).toBe(2);
    expect(next!.messages).toHaveLength(SNIPPET_LIST_PREVIEW.messages);
    expect(next!.message_count).toBe(4);

    const seen = [...first.body.data.list];
    let cursor = first.body.data.next_cursor;
    while (cursor) {
      const res = await list(u.token, `?limit=2&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...res.body.data.list);
      cursor = res.body.data.next_cursor;
    }
    expect(seen.map((s) => s.id)).toEqual(made.map((s) => s.id).reverse());
    expect((await get(u.token, top!.id)).body.data.messages[0]!.content).toBe(long);

    expect((await list(u.token, '?cursor=nonsense')).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await list(u.token, '?limit=51')).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await list('')).body.code).toBe(ErrorCode.NO_TOKEN);
  });

  it('lets only the owner read, rename, annotate and delete one', async () => {
    const u = await chatter();
    const other = await t.login();
    const saved = (
      await save(u.token, {
        conversation_id: u.conversation.id,
        message_ids: [u.messages[0]!.id],
        title: '原标题',
      })
    ).body.data;
    const path = `/api/v1/snippet/${saved.id}`;

    // Someone else's snippet reads as missing, whatever they try.
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { title: '偷改' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, path, { token: other.token, body });
      expect(res.body, method).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '片段不存在' });
    }
    expect((await list(other.token)).body.data.list).toHaveLength(0);

    t.clock.advance(MINUTE);
    const renamed = await t.call<Snippet>('PUT', path, { token: u.token, body: { title: '新标题' } });
    expect(renamed.body.data).toMatchObject({ title: '新标题', note: '', messages: saved.messages });
    expect(renamed.body.data.updated_at > saved.updated_at).toBe(true);
    const noted = await t.call<Snippet>('PUT', path, { token: u.token, body: { note: '记一笔' } });
    expect(noted.body.data).toMatchObject({ title: '新标题', note: '记一笔' });
    for (const [body, msg] of [
      [{}, '请填写要修改的内容'],
      [{ title: '' }, '请填写标题'],
      [{ note: '注'.repeat(201) }, '备注最多200个字'],
      [{ title: 'a\u0000' }, ''],
    ] as const) {
      const res = await t.call('PUT', path, { token: u.token, body });
      expect(res.body.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
      if (msg) expect(res.body.msg).toContain(msg);
    }
    expect((await t.call('GET', '/api/v1/snippet/abc', { token: u.token })).body.code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    expect((await t.call('GET', '/api/v1/snippet/99999999', { token: u.token })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );

    expect((await t.call('DELETE', path, { token: u.token })).body).toMatchObject({ code: 0 });
    expect((await get(u.token, saved.id)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call('DELETE', path, { token: u.token })).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});
