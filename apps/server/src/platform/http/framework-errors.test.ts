import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * Requests Fastify or Node refuse before any route runs (a URL that does not decode, a path parameter over
 * 100 characters, a request line or headers over 16 KB, a body cut short) still answer the envelope, and a
 * keep-alive connection goes on where HTTP allows it, or closes cleanly, saying so, where it does not.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await (await startTestApp({ env: { REQUEST_TIMEOUT_MS: '1000' } })).listen();
  port = Number(new URL(t.base).port);
});
afterAll(() => t.close());

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** Parses consecutive HTTP/1.1 responses with a Content-Length from what a socket received. */
function parseResponses(data: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = data;
  while (rest.length) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.subarray(end + 4, end + 4 + length).toString('utf8');
    out.push({ status: Number(statusLine!.split(' ')[1]), headers, body });
    rest = rest.subarray(end + 4 + length);
  }
  return out;
}

/**
 * Writes `requests` on one connection and collects what comes back until the server closes it or `waitMs`
 * passes. `closed` says how: 'fin' (a clean close), 'reset', or 'open' (still open when the wait ended).
 */
function exchange(requests: string[], o: { halfClose?: boolean; waitMs?: number } = {}) {
  return new Promise<{ responses: RawResponse[]; closed: 'fin' | 'reset' | 'open' }>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let closed: 'fin' | 'reset' | 'open' = 'open';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks)), closed });
    };
    const timer = setTimeout(done, o.waitMs ?? 1500);
    socket.on('data', (d) => chunks.push(d));
    socket.on('end', () => {
      closed = 'fin';
      done();
    });
    socket.on('error', () => {
      closed = 'reset';
      done();
    });
    socket.write(requests.join(''));
    if (o.halfClose) socket.end();
  });
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: lingxi.test\r\n${extra}\r\n`;
const VERSION = get('/api/v1/version');

const expectEnvelope = (res: RawResponse | undefined, code: number | 'non-zero') => {
  expect(res).toBeDefined();
  expect(res!.headers['content-type']).toContain('application/json');
  const body = JSON.parse(res!.body) as { code: number; msg: string; data: unknown };
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
  if (code === 'non-zero') expect(body.code).not.toBe(0);
  else expect(body.code).toBe(code);
  if (body.code !== 0) expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  return body;
};

describe('a URL the router cannot take', () => {
  const CASES = [
    ['does not decode', '/api/v1/bot/%ff'],
    ['does not decode (a conversation)', '/api/v1/conversation/%e4%b8/message'],
    ['has a path parameter over 100 characters', `/api/v1/bot/${'1'.repeat(101)}`],
    ['has a long non-numeric parameter', `/api/v1/knowledge/${'x'.repeat(300)}/document`],
  ];
  for (const [what, path] of CASES) {
    it(`${what}: HTTP 200 with code 10001, and the keep-alive connection answers the next request`, async () => {
      const { responses, closed } = await exchange([get(path!), VERSION], { waitMs: 800 });
      expect(responses).toHaveLength(2);
      expect(responses[0]!.status).toBe(200);
      expectEnvelope(responses[0], 10001);
      expect(responses[1]!.status).toBe(200);
      expectEnvelope(responses[1], 0);
      expect(closed).toBe('open');
    });
  }

  it('is answered the same through fetch', async () => {
    const res = await t.call('GET', '/api/v1/bot/%ff');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 10001, msg: '请求地址不正确', data: null });
  });
});

describe('a request line or headers over 16 KB', () => {
  const long = get(`/api/v1/bot?keyword=${'a'.repeat(17_000)}`);

  it('answers 431 with the envelope and Connection: close, then closes cleanly', async () => {
    const { responses, closed } = await exchange([long, VERSION]);
    expect(responses[0]!.status).toBe(431);
    expect(responses[0]!.headers.connection).toBe('close');
    expectEnvelope(responses[0], 10013);
    // The rest of the oversized request is still on the wire: HTTP cannot find where the next one starts,
    // so the connection ends (a FIN after the whole answer, not a reset that could lose it).
    expect(closed).toBe('fin');
  });

  it('as a header too', async () => {
    const { responses } = await exchange([get('/api/v1/version', `x-big: ${'b'.repeat(17_000)}\r\n`)]);
    expect(responses[0]!.status).toBe(431);
    expectEnvelope(responses[0], 10013);
  });

  it("leaves a keep-alive client's next request answered", async () => {
    for (let i = 0; i < 5; i++) {
      const refused = await fetch(`${t.base}/api/v1/bot?keyword=${'a'.repeat(17_000)}`);
      expect(refused.status).toBe(431);
      expect(((await refused.json()) as { code: number }).code).toBe(10013);
      const next = await fetch(`${t.base}/api/v1/version`);
      expect(next.status).toBe(200);
      expect(((await next.json()) as { code: number }).code).toBe(0);
    }
  });
});

describe('a body shorter than its Content-Length', () => {
  const short = [
    'POST /api/v1/opinion HTTP/1.1\r\nHost: lingxi.test\r\ncontent-type: application/json\r\n',
    'content-length: 100\r\n\r\n{"type":"bug"',
  ].join('');

  it('when the client stops sending (half-close): 400 with the envelope, then a clean close', async () => {
    const { responses, closed } = await exchange([short], { halfClose: true });
    expect(responses[0]!.status).toBe(400);
    expect(responses[0]!.headers.connection).toBe('close');
    expectEnvelope(responses[0], 10001);
    expect(closed).toBe('fin');
  });

  it('when the client waits: 408 with the envelope once the request timeout passes, then a clean close', async () => {
    const started = Date.now();
    const { responses, closed } = await exchange([short], { waitMs: 6000 });
    expect(responses[0]!.status).toBe(408);
    expect(responses[0]!.headers.connection).toBe('close');
    expectEnvelope(responses[0], 10001);
    expect(closed).toBe('fin');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('leaves the server answering on a new connection', async () => {
    const { responses } = await exchange([VERSION], { waitMs: 500 });
    expectEnvelope(responses[0], 0);
  });
});

describe('bytes that are no HTTP', () => {
  it('answer 400 with the envelope after the requests before them were answered', async () => {
    const { responses, closed } = await exchange([VERSION, 'NOT HTTP AT ALL\r\n\r\n']);
    expect(responses).toHaveLength(2);
    expectEnvelope(responses[0], 0);
    expect(responses[1]!.status).toBe(400);
    expectEnvelope(responses[1], 10001);
    expect(closed).toBe('fin');
  });
});
