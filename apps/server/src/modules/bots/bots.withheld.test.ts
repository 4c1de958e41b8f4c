import type { BotSummary, Conversation, MyBot, Page, Post, Snippet } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, publishedBot, startCreationApp } from '../../../test/bots.js';
import { newConversation, sendMessage } from '../../../test/chat.js';
import { createPost } from '../../../test/community.js';
import type { TestApp } from '../../../test/helpers.js';

/**
 * docs/access-matrix.md, A bot that left the catalogue: once its creator takes it private and renames it, those
 * who chatted with it, favourited it or shared a snippet of it see nothing of its new settings.
 */
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  ({ t, admin } = await startCreationApp({ OFFLINE_STREAM_DELAY_MS: '0' }));
});
afterAll(() => t?.close());

describe('a bot its creator takes private', () => {
  it('leaves others’ favourites, shows withheld in their conversations and drops from snippet cards', async () => {
    const creator = await t.login();
    const fan = await t.login();
    const bot = await publishedBot(t, creator.token, admin.token, { name: '公开的名字' });
    const conversation = await newConversation(t, fan.token, bot.id);
    await sendMessage(t, fan.token, conversation.id, { content: '你好' });
    await t.call('POST', `/api/v1/bot/${bot.id}/favourite`, { token: fan.token });
    await t.call('POST', `/api/v1/bot/${bot.id}/favourite`, { token: creator.token });
    const messages = await t.call<Page<{ id: number }>>(
      'GET',
      `/api/v1/conversation/${conversation.id}/message`,
      { token: fan.token },
    );
    const snippet = await t.call<Snippet>('POST', '/api/v1/snippet', {
      token: fan.token,
      body: {
        conversation_id: conversation.id,
        message_ids: messages.body.data.list.map((m) => m.id),
        title: '聊天',
      },
    });
    const post = await createPost(t, fan.token, { content: '分享', snippet_id: snippet.body.data.id });
    expect(post.snippet?.bot?.name).toBe('公开的名字');

    const changed = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}`, {
      token: creator.token,
      body: botForm({ name: '私下的新名字', intro: '私下的简介', visibility: 'private' }),
    });
    expect(changed.body.code).toBe(0);

    const favourites = async (token: string) =>
      (await t.call<Page<BotSummary>>('GET', '/api/v1/bot/favourite', { token })).body.data.list.map(
        (b) => b.id,
      );
    expect(await favourites(fan.token)).not.toContain(bot.id);
    expect(await favourites(creator.token)).toContain(bot.id);

    const detail = await t.call<Conversation>('GET', `/api/v1/conversation/${conversation.id}`, {
      token: fan.token,
    });
    expect(detail.body.data.bot).toMatchObject({ id: bot.id, name: '已下架的智能体', intro: '', tags: [] });
    expect(detail.body.data.bot.avatar).toMatch(/^\/media\/avatars\/bot\//);
    const list = await t.call<Page<Conversation>>('GET', '/api/v1/conversation', { token: fan.token });
    const listed = list.body.data.list.find((c) => c.id === conversation.id);
    expect(listed?.bot.name).toBe('已下架的智能体');
    expect(JSON.stringify([detail.body, list.body])).not.toContain('私下的');
    // The stand-in's name is the platform's text: it reads in the reader's language.
    for (const [lang, name] of [
      ['en', 'Unavailable bot'],
      ['zh-TW', '已下架的智能體'],
      ['fr-FR', 'Bot indisponible'],
    ]) {
      const read = await t.call<Conversation>('GET', `/api/v1/conversation/${conversation.id}`, {
        token: fan.token,
        headers: { 'accept-language': lang! },
      });
      expect(read.body.data.bot.name, lang).toBe(name);
    }

    const own = await t.call<Snippet>('GET', `/api/v1/snippet/${snippet.body.data.id}`, { token: fan.token });
    expect(own.body.data.bot).toBeNull();
    for (const token of [fan.token, undefined]) {
      const read = await t.call<Post>('GET', `/api/v1/post/${post.id}`, { token });
      expect(read.body.data.snippet?.bot ?? null).toBeNull();
    }
    // Its creator still sees it as it is in a post of theirs that carries it.
    const byCreator = await t.call<Post>('GET', `/api/v1/post/${post.id}`, { token: creator.token });
    expect(byCreator.body.data.snippet?.bot?.name).toBe('私下的新名字');
  });

  it('keeps a user’s bot that is still open as its creator wrote it, in every language', async () => {
    const creator = await t.login();
    const fan = await t.login();
    const bot = await publishedBot(t, creator.token, admin.token, { name: '仍然公开的名字' });
    const conversation = await newConversation(t, fan.token, bot.id);
    const read = await t.call<Conversation>('GET', `/api/v1/conversation/${conversation.id}`, {
      token: fan.token,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(read.body.data.bot.name).toBe('仍然公开的名字');
  });
});
