import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../../../test/bots.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * An answer that depends on who asks is never kept by a browser, proxy or CDN: a shared device or cache
 * must not hand one user's profile, chips or conversations to the next.
 */
let t: TestApp;
let token: string;
let conversationId: number;
beforeAll(async () => {
  t = await (await startTestApp({ env: { OFFLINE_STREAM_DELAY_MS: '0' } })).listen();
  token = (await t.login()).token;
  const bot = await createBot(t, token);
  const conv = await t.call<{ id: number }>('POST', '/api/v1/conversation', {
    token,
    body: { bot_id: bot.id },
  });
  conversationId = conv.body.data.id;
});
afterAll(() => t.close());

const cacheOf = async (path: string, o: { token?: string; method?: string; body?: unknown } = {}) => {
  const headers: Record<string, string> = {};
  if (o.token !== undefined) headers.token = o.token;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(t.base + path, {
    method: o.method ?? 'GET',
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  await res.arrayBuffer();
  return res.headers.get('cache-control');
};

describe('Cache-Control', () => {
  it('is no-store on every logged-in answer: profile, chips, lists, writes', async () => {
    for (const path of [
      '/api/v1/user',
      '/api/v1/chip/record',
      '/api/v1/bot/mine',
      '/api/v1/bot/favourite',
      '/api/v1/conversation',
      '/api/v1/notice/unread',
      '/api/v1/knowledge',
      `/api/v1/conversation/${conversationId}/message`,
    ]) {
      expect(await cacheOf(path, { token }), path).toBe('no-store');
    }
    expect(await cacheOf('/api/v1/user', { token, method: 'PUT', body: { bio: '新的简介' } })).toBe(
      'no-store',
    );
  });

  it('is no-store on a route that reads the token when it is there, with or without one', async () => {
    expect(await cacheOf('/api/v1/bot/home', { token })).toBe('no-store');
    expect(await cacheOf('/api/v1/bot/home')).toBe('no-store');
    expect(await cacheOf('/api/v1/model')).toBe('no-store');
  });

  it('is no-store on the refusals of such routes (no token, a bad one)', async () => {
    expect(await cacheOf('/api/v1/user')).toBe('no-store');
    expect(await cacheOf('/api/v1/user', { token: 'not-a-token' })).toBe('no-store');
  });

  it('is no-store on any request that carries a token', async () => {
    expect(await cacheOf('/api/v1/setting', { token })).toBe('no-store');
    expect(await cacheOf('/api/v1/nothing-here', { token })).toBe('no-store');
  });

  it('is no-store on a streamed reply', async () => {
    const res = await fetch(`${t.base}/api/v1/conversation/${conversationId}/message`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '你好' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toMatch(/^no-store\b/);
    await res.text();
  });

  it('leaves public answers as they were, and media keeps its own long caching', async () => {
    expect(await cacheOf('/api/v1/setting')).toBeNull();
    expect(await cacheOf('/api/v1/version')).toBeNull();
    const avatar = '/media/avatars/user/abc.svg';
    expect(await cacheOf(avatar)).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf(avatar, { token })).toBe('public, max-age=31536000, immutable');
  });
});
