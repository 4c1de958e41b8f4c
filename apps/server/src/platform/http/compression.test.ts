import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../../../test/bots.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { decodedBody, type RawAnswer, rawRequest } from '../../../test/raw-http.js';

/**
 * JSON answers above 1 KB go compressed by Accept-Encoding and read back as the same envelope; small ones, event
 * streams and request bodies are left alone (docs/performance.md, Serving the web app). Read over real HTTP as
 * sent (test/raw-http.ts).
 */
let t: TestApp;
let token: string;
let conversationId: number;

const raw = (path: string, o: Parameters<typeof rawRequest>[2] = {}) => rawRequest(t.base, path, o);
const decode = (r: RawAnswer) => JSON.parse(decodedBody(r).toString('utf8')) as unknown;

beforeAll(async () => {
  t = await (await startTestApp({ env: { OFFLINE_STREAM_DELAY_MS: '5' } })).listen();
  token = (await t.login()).token;
  // Enough bots that the list is well over 1 KB.
  for (let i = 0; i < 6; i++) await createBot(t, token, { name: `压缩测试${i}` });
  const conv = await t.call<{ id: number }>('POST', '/api/v1/conversation', {
    token,
    body: { bot_id: (await createBot(t, token)).id },
  });
  conversationId = conv.body.data.id;
});
afterAll(() => t.close());

describe('compressed JSON answers', () => {
  it('sends a large envelope as br, gzip or identity as asked, and all three read back the same', async () => {
    const br = await raw('/api/v1/bot/mine', { token, encoding: 'br, gzip' });
    const gzip = await raw('/api/v1/bot/mine', { token, encoding: 'gzip, deflate' });
    const identity = await raw('/api/v1/bot/mine', { token, encoding: 'identity' });
    const none = await raw('/api/v1/bot/mine', { token });
    expect(identity.body.length).toBeGreaterThan(1024);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(identity.body.length / 2);
    const plain = decode(identity) as { code: number; data: { list: unknown[] } };
    expect(plain.code).toBe(0);
    expect(plain.data.list.length).toBe(7);
    expect(decode(br)).toEqual(plain);
    expect(decode(gzip)).toEqual(plain);
    expect(decode(none)).toEqual(plain);
    // The length announced is the length sent (no truncated or padded body).
    expect(Number(br.headers['content-length'] ?? br.body.length)).toBe(br.body.length);
  });

  it('sends a small envelope as it is', async () => {
    const res = await raw('/api/v1/notice/unread', { token, encoding: 'br, gzip' });
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((decode(res) as { code: number }).code).toBe(0);
  });

  it('keeps a refusal an HTTP 200 envelope, whatever the encoding asked', async () => {
    const res = await raw('/api/v1/user', { token: 'not-a-token', encoding: 'gzip' });
    expect(res.status).toBe(200);
    expect((decode(res) as { code: number }).code).not.toBe(0);
  });

  it('does not inflate a compressed request body: it is refused, never parsed', async () => {
    const { gzipSync } = await import('node:zlib');
    const body = gzipSync(Buffer.from(JSON.stringify({ bio: 'gzip 里的简介' })));
    const res = await raw('/api/v1/user', {
      token,
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect((decode(res) as { code: number }).code).not.toBe(0);
    const user = await t.call<{ bio: string }>('GET', '/api/v1/user', { token });
    expect(user.body.data.bio).not.toBe('gzip 里的简介');
  });
});

describe('a chat reply stream', () => {
  it('is never compressed and arrives event by event, before the reply ends', async () => {
    const url = new URL(`${t.base}/api/v1/conversation/${conversationId}/message`);
    const chunks: string[] = [];
    const result = await new Promise<{ headers: RawAnswer['headers']; firstDeltaChunk: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: { token, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
          },
          (res) => {
            let firstDeltaChunk = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => {
              chunks.push(c);
              if (!firstDeltaChunk && c.includes('event: delta')) firstDeltaChunk = c;
            });
            res.on('end', () => resolve({ headers: res.headers, firstDeltaChunk }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ content: '请写一段很长的自我介绍，越长越好，至少三句话。' }));
      },
    );
    expect(result.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(result.headers['content-encoding']).toBeUndefined();
    // Text as written, readable without decoding; the first delta came on its own, not with the end.
    expect(result.firstDeltaChunk).toMatch(/^event: (start|delta)/m);
    expect(result.firstDeltaChunk).not.toContain('event: done');
    const all = chunks.join('');
    expect(all).toContain('event: done');
    expect(chunks.filter((c) => c.includes('event: delta')).length).toBeGreaterThan(1);
  });
});
