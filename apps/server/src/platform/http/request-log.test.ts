import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t?.close());

/** The request lines logged for the request the server answered with this id. */
const linesOf = (id: string | null) => t.logs.filter((l) => l.reqId === id && l.msg === 'request completed');

describe('request log (docs/performance.md, Fast reads)', () => {
  it('leaves out a successful fast read, and logs one line for a write, an error status and a named request', async () => {
    const read = await t.call('GET', '/api/v1/version');
    expect(read.status).toBe(200);
    expect(t.logs.some((l) => l.reqId === read.headers.get('x-request-id'))).toBe(false);

    const write = await t.call('POST', '/api/v1/logout');
    expect(linesOf(write.headers.get('x-request-id'))).toHaveLength(1);
    expect(linesOf(write.headers.get('x-request-id'))[0]).toMatchObject({ req: { method: 'POST' } });

    const missing = await t.call('GET', '/api/v1/nothing/here');
    expect(missing.status).toBe(404);
    expect(linesOf(missing.headers.get('x-request-id'))).toHaveLength(1);

    const named = await t.call('GET', '/api/v1/version', { headers: { 'x-request-id': 'traced-read-1' } });
    expect(named.status).toBe(200);
    expect(linesOf('traced-read-1')).toHaveLength(1);
    expect(t.logs.some((l) => l.reqId === 'traced-read-1' && l.msg === 'incoming request')).toBe(false);
  });

  it('never logs the token', async () => {
    const res = await t.call('POST', '/api/v1/logout', { token: 'secret-token-value' });
    const line = linesOf(res.headers.get('x-request-id'))[0];
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).not.toContain('secret-token-value');
  });
});
