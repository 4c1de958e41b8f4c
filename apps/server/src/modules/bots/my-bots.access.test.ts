import {
  ErrorCode,
  type BotDetail,
  type BotSummary,
  type Conversation,
  type MyBot,
  type Page,
} from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, createBot, publishedBot, startCreationApp } from '../../../test/bots.js';
import { newConversation, sendMessage } from '../../../test/chat.js';
import type { TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  ({ t, admin } = await startCreationApp({ OFFLINE_STREAM_DELAY_MS: '0' }));
});
afterAll(() => t?.close());

const discover = async (keyword: string) =>
  (await t.call<Page<BotSummary>>('GET', `/api/v1/bot?sort=new&keyword=${encodeURIComponent(keyword)}`)).body
    .data.list;
const detail = (id: number, token?: string) => t.call<BotDetail>('GET', `/api/v1/bot/${id}`, { token });

/** Every route that reads or changes a bot, as another user calls it: each must answer "not found". */
async function expectNoAccess(id: number, token: string) {
  const form = botForm({ name: '被别人改了' });
  const calls = [
    t.call('GET', `/api/v1/bot/${id}/edit`, { token }),
    t.call('PUT', `/api/v1/bot/${id}`, { token, body: form }),
    t.call('PUT', `/api/v1/bot/${id}/visibility`, { token, body: { visibility: 'public' } }),
    t.call('PUT', `/api/v1/bot/${id}/visibility`, { token, body: { visibility: 'private' } }),
    t.call('DELETE', `/api/v1/bot/${id}`, { token }),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '智能体不存在或已删除' });
  }
}

describe("someone else's bot", () => {
  it('a private draft: no reading, editing, publishing, deleting, detail, favourite or chat', async () => {
    const owner = await t.login();
    const other = await t.login();
    const bot = await createBot(t, owner.token, { name: '我的私密助手' });
    await expectNoAccess(bot.id, other.token);
    expect((await detail(bot.id, other.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await detail(bot.id)).body.code).toBe(ErrorCode.NOT_FOUND);
    const fav = await t.call('POST', `/api/v1/bot/${bot.id}/favourite`, { token: other.token });
    expect(fav.body.code).toBe(ErrorCode.NOT_FOUND);
    const chat = await t.call('POST', '/api/v1/conversation', {
      token: other.token,
      body: { bot_id: bot.id },
    });
    expect(chat.body.code).toBe(ErrorCode.NOT_FOUND);
    const theirs = await t.call<Page<MyBot>>('GET', '/api/v1/bot/mine', { token: other.token });
    expect(theirs.body.data.list).toHaveLength(0);

    // Nothing changed, and the owner still has it all.
    const view = await t.call<MyBot>('GET', `/api/v1/bot/${bot.id}/edit`, { token: owner.token });
    expect(view.body.data).toMatchObject({ name: '我的私密助手', visibility: 'private', status: 'draft' });
    expect((await detail(bot.id, owner.token)).body.code).toBe(0);
    expect((await newConversation(t, owner.token, bot.id)).bot.id).toBe(bot.id);
  });

  it('a bot in review or rejected: the same, and it is not in discover', async () => {
    const owner = await t.login();
    const other = await t.login();
    const pending = await createBot(t, owner.token, { visibility: 'public', name: '待审核的助手' });
    const rejected = await createBot(t, owner.token, { visibility: 'public', name: '被驳回的助手' });
    await t.call('POST', `/api/v1/admin/review/bot/${rejected.id}`, {
      token: admin.token,
      body: { decision: 'reject', reason: '简介不清楚' },
    });
    for (const id of [pending.id, rejected.id]) {
      await expectNoAccess(id, other.token);
      expect((await detail(id, other.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    }
    expect(await discover('待审核的助手')).toHaveLength(0);
    expect(await discover('被驳回的助手')).toHaveLength(0);
  });

  it('a published bot: others may chat, never edit it or see its persona or a pending edit', async () => {
    const owner = await t.login();
    const other = await t.login();
    const bot = await publishedBot(t, owner.token, admin.token, { name: '公开助手甲' });
    await expectNoAccess(bot.id, other.token);
    const edited = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}`, {
      token: owner.token,
      body: botForm({ name: '公开助手乙', persona: '待审核的新角色设定，尚未生效。', visibility: 'public' }),
    });
    expect(edited.body.data).toMatchObject({ name: '公开助手乙', status: 'published', pending_edit: true });

    const seen = await detail(bot.id, other.token);
    expect(seen.body.data).toMatchObject({ name: '公开助手甲', status: 'published' });
    expect(JSON.stringify(seen.body)).not.toContain('待审核的新角色设定');
    expect((await discover('公开助手')).map((b) => b.name)).toEqual(['公开助手甲']);
    const view = await t.call('GET', `/api/v1/bot/${bot.id}/edit`, { token: other.token });
    expect(view.body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await newConversation(t, other.token, bot.id)).bot.name).toBe('公开助手甲');
  });

  it('made private: unpublished at once, and a chat someone had with it refuses new messages', async () => {
    const owner = await t.login();
    const other = await t.login();
    const bot = await publishedBot(t, owner.token, admin.token, { name: '将要私密的助手' });
    const c = await newConversation(t, other.token, bot.id);
    expect((await sendMessage(t, other.token, c.id, { content: '你好' })).events.at(-1)?.event).toBe('done');

    const priv = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token: owner.token,
      body: { visibility: 'private' },
    });
    expect(priv.body.data).toMatchObject({ visibility: 'private', status: 'draft' });
    expect(await discover('将要私密的助手')).toHaveLength(0);
    expect((await detail(bot.id, other.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    const refused = await sendMessage(t, other.token, c.id, { content: '还在吗' });
    expect(refused.envelope).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('DELETE /api/v1/bot/{id}', () => {
  it('takes a published bot out of discover and chat; conversations with it keep their history', async () => {
    const owner = await t.login();
    const other = await t.login();
    const bot = await publishedBot(t, owner.token, admin.token, { name: '要删除的助手' });
    const c = await newConversation(t, other.token, bot.id);
    await sendMessage(t, other.token, c.id, { content: '记住这句话' });
    expect(await discover('要删除的助手')).toHaveLength(1);

    expect((await t.call('DELETE', `/api/v1/bot/${bot.id}`, { token: owner.token })).body.code).toBe(0);
    expect(await discover('要删除的助手')).toHaveLength(0);
    expect((await detail(bot.id, owner.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    const again = await t.call('POST', '/api/v1/conversation', {
      token: other.token,
      body: { bot_id: bot.id },
    });
    expect(again.body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await sendMessage(t, other.token, c.id, { content: '还在吗' })).envelope?.code).toBe(
      ErrorCode.NOT_FOUND,
    );

    const list = await t.call<Page<Conversation>>('GET', '/api/v1/conversation', { token: other.token });
    expect(list.body.data.list.map((x) => x.id)).toEqual([c.id]);
    const history = await t.call<Page<{ content: string }>>('GET', `/api/v1/conversation/${c.id}/message`, {
      token: other.token,
    });
    expect(history.body.data.list.map((m) => m.content)).toContain('记住这句话');
  });
});
