import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/helpers.js';
import { decodedBody, rawRequest } from '../test/raw-http.js';

/**
 * The built web app as a browser gets it (docs/performance.md, Serving the web app): the copy the build compressed
 * for the encoding the browser accepts, hashed assets cached for good, pages never. A dist of our own, with the
 * `.br` and `.gz` beside each file as the build writes them.
 */
let t: TestApp;
let dist: string;
const script = `export const answer = ${JSON.stringify('灵犀'.repeat(400))};\n`;
const page = `<!doctype html><title>app</title><script type="module" src="/assets/index-abc123.js"></script>${' '.repeat(1200)}`;

const raw = (path: string, encoding?: string) => rawRequest(t.base, path, { encoding });

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'lingxi-static-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  // A file beside the dist that no path may reach.
  writeFileSync(join(root, 'secret.txt'), 'SECRET-NEXT-TO-DIST');
  const put = (name: string, text: string, compressed = true) => {
    writeFileSync(join(dist, name), text);
    if (!compressed) return;
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  };
  put('assets/index-abc123.js', script);
  put('index.html', page);
  put('admin.html', page.replace('app', 'console'));
  put('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  t = await (await startTestApp({ env: { WEB_DIST: dist } })).listen();
});
afterAll(async () => {
  await t?.close();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

describe('the built web app over HTTP', () => {
  it('serves a script as br when accepted, gzip otherwise, raw for identity: the same text each way', async () => {
    const br = await raw('/assets/index-abc123.js', 'gzip, deflate, br');
    const gzip = await raw('/assets/index-abc123.js', 'gzip, deflate');
    const identity = await raw('/assets/index-abc123.js', 'identity');
    const none = await raw('/assets/index-abc123.js');
    expect([br, gzip, identity, none].map((r) => r.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
      undefined,
    ]);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    expect(identity.body.toString()).toBe(script);
    expect(none.body.toString()).toBe(script);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    for (const r of [br, gzip, identity]) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never lets a browser keep the pages, by any path or encoding', async () => {
    for (const [path, title] of [
      ['/', 'app'],
      ['/bot/discover', 'app'],
      ['/index.html', 'app'],
      ['/admin', 'console'],
      ['/admin.html', 'console'],
    ] as const) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await raw(path, encoding);
        const text = decodedBody(res).toString();
        expect({ path, encoding, status: res.status, title: /<title>(\w+)</.exec(text)?.[1] }).toEqual({
          path,
          encoding,
          status: 200,
          title,
        });
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], `${path} ${encoding}`).toBe('no-cache');
      }
    }
  });

  it('serves a file the build did not compress as it is, cached but not for good', async () => {
    const res = await raw('/favicon.svg', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never reaches outside the dist, nor hands out the compressed copies as files', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      for (const encoding of ['br', 'identity']) {
        const res = await raw(path, encoding);
        expect(res.body.toString('latin1'), path).not.toContain('SECRET');
        expect(res.headers['content-type'] ?? 'text/html', path).toMatch(/^text\/(html|plain)/);
      }
    }
    const copy = await raw('/assets/index-abc123.js.br', 'identity');
    expect(copy.headers['content-type']).toMatch(/^text\/html/);
    expect(copy.headers['content-encoding']).toBeUndefined();
  });

  it('answers an unknown file under /assets with the page, not a script (the router decides)', async () => {
    const res = await raw('/assets/missing-000.js', 'identity');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
