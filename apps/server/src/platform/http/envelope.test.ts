import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.extend((app) => {
    app.get('/api/test/boom', async () => {
      throw new Error('db password is hunter2');
    });
    app.get('/api/test/query', async (req) => ({ query: req.query }));
  });
  await t.listen();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the envelope', () => {
  it('answers an unknown route under /api with HTTP 404 and code 10004', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/nothing-here'],
      ['GET', '/api'],
      ['GET', '/api/v1/phone/login'],
    ] as const) {
      const res = await t.call(method, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 10004, msg: '接口不存在', data: null });
    }
  });

  it('answers a thrown bug with HTTP 500 and a generic Chinese body, and logs the stack', async () => {
    const res = await fetch(`${t.base}/api/test/boom`, { headers: { 'x-request-id': 'boom-1' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 10500, msg: '服务器开小差了，请稍后再试', data: null });
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/\bat\b|stack|Error/);
    const logged = t.logs.find((l) => l.level === 50 && l.reqId === 'boom-1');
    expect(logged).toBeDefined();
    const err = logged!.err as { message: string; stack: string };
    expect(err.message).toBe('db password is hunter2');
    expect(err.stack).toContain('envelope.test.ts');
  });

  it('answers invalid, empty, mistyped and too-large bodies with a non-zero envelope, never 500', async () => {
    const phone = randomPhone();
    const post = (body: string, contentType = 'application/json') =>
      t.call('POST', '/api/v1/phone/login', { body, headers: { 'content-type': contentType } });
    const cases = [
      await post('{"phone":'),
      await post(''),
      await post('<xml/>', 'application/xml'),
      await post(`{"phone":"${phone}","code":"123456"}`, 'text/plain'),
    ];
    for (const res of cases) {
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(10001);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(cases[0]!.body.msg).toBe('请求内容不是有效的JSON');
    expect(cases[1]!.body.msg).toBe('请求内容不能为空');
  });

  it('refuses a body over BODY_LIMIT with an envelope', async () => {
    const small = await (await startTestApp({ env: { BODY_LIMIT: '256' } })).listen();
    try {
      const body = { type: 'other', content: '很长的反馈'.repeat(40) };
      const res = await small.call('POST', '/api/v1/opinion', { body });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 10013, msg: '请求内容过大', data: null });
      const fits = await small.call('POST', '/api/v1/opinion', {
        body: { type: 'other', content: '短短的反馈' },
      });
      expect(fits.body.code).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe('query strings (limits: docs/product.md, Client contract)', () => {
  const query = async (qs: string) =>
    (await t.call<never>('GET', `/api/test/query?${qs}`)).body as unknown as {
      query: Record<string, unknown>;
    };
  const list = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('&');

  it('keeps an array of 20 entries, turns 21 into an object', async () => {
    const twenty = (await query(list(20, (i) => `a[]=${i}`))).query.a;
    expect(twenty).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    const over = (await query(list(21, (i) => `a[]=${i}`))).query.a;
    expect(Array.isArray(over)).toBe(false);
    expect(Object.keys(over as object)).toHaveLength(21);
    const indexed = (await query(list(21, (i) => `b[${i}]=${i}`))).query.b;
    expect(Array.isArray(indexed)).toBe(false);
  });

  it('nests 5 levels deep and no further', async () => {
    const { query: q } = await query('a[b][c][d][e][f][g][h]=1');
    expect(q).toEqual({ a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } });
  });

  it('keeps at most 1,000 parameters', async () => {
    const { query: q } = await query(list(1005, (i) => `p${i}=1`));
    expect(Object.keys(q)).toHaveLength(1000);
    expect(q.p999).toBe('1');
    expect(q.p1000).toBeUndefined();
  });
});

describe('headers', () => {
  it('echoes a given x-request-id and generates one otherwise, and logs it', async () => {
    const given = await t.call('GET', '/api/v1/version', { headers: { 'x-request-id': 'client-req-42' } });
    expect(given.headers.get('x-request-id')).toBe('client-req-42');
    expect(t.logs.some((l) => l.reqId === 'client-req-42')).toBe(true);
    const generated = await t.call('GET', '/api/v1/version');
    expect(generated.headers.get('x-request-id')).toMatch(UUID);
    const unsafe = await t.call('GET', '/api/v1/version', {
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(unsafe.headers.get('x-request-id')).toMatch(UUID);
    const error = await t.call('GET', '/api/v1/nothing', { headers: { 'x-request-id': 'on-404' } });
    expect(error.headers.get('x-request-id')).toBe('on-404');
  });

  it('sets the security headers', async () => {
    const { headers } = await t.call('GET', '/api/v1/setting');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('strict-transport-security')).toContain('max-age=');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('allows CORS from the configured origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${t.base}/api/v1/user`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type,token',
        },
      });
    const ok = await preflight('https://app.lingxi.example');
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.lingxi.example');
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('token');

    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${t.base}/api/v1/setting`, { headers: { origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await fetch(`${t.base}/api/v1/setting`, {
      headers: { origin: 'https://app.lingxi.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.lingxi.example');
  });
});

describe('GET /api/docs', () => {
  it('is an OpenAPI 3 document of the API', async () => {
    const res = await fetch(`${t.base}/api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/phone/login']?.post).toBeDefined();
    expect(doc.paths['/api/v1/login/code/{phone}']?.post).toBeDefined();
    expect(doc.paths['/api/v1/user']?.get).toBeDefined();
    expect(doc.paths['/api/docs']).toBeUndefined();
  });
});
