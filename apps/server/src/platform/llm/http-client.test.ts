import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyReader, headersOf, send } from './http-client.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const get = (base: string, signal?: AbortSignal) =>
  send(new URL(base), { method: 'GET', headers: {}, signal });

/** The whole body as text, or the failure it ended with (and the text before it). */
async function readAll(body: BodyReader) {
  let text = '';
  try {
    for (let chunk = await body.read(); chunk; chunk = await body.read()) text += chunk.toString('utf8');
    return { text, failure: null };
  } catch (err) {
    return { text, failure: err };
  }
}

describe('send and BodyReader', () => {
  it('sends the method, headers and body, answers status, headers and a streamed body, and reuses connections', async () => {
    const ports: number[] = [];
    const base = await listen((req, res, body) => {
      ports.push(req.socket.remotePort!);
      res.writeHead(201, {
        'content-type': 'text/plain',
        'x-echo': `${req.method} ${req.headers.authorization}`,
      });
      res.write(`got ${body}`);
      setTimeout(() => res.end(' and more'), 20);
    });
    for (let i = 0; i < 2; i++) {
      const res = await send(new URL(`${base}/v1/x`), {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      expect(res.statusCode).toBe(201);
      expect(headersOf(res).get('x-echo')).toBe('POST Bearer k');
      expect(await new BodyReader(res).text()).toBe('got {"a":1} and more');
    }
    expect(ports[1]).toBe(ports[0]);
  });

  it('sends a request again, once, when a kept-alive connection was reset before any answer', async () => {
    const seen = new Map<unknown, number>();
    const base = await listen((req, res) => {
      const n = (seen.get(req.socket) ?? 0) + 1;
      seen.set(req.socket, n);
      if (n === 2) return req.socket.destroy();
      res.end('ok');
    });
    expect(await new BodyReader(await get(base)).text()).toBe('ok');
    expect(await new BodyReader(await get(base)).text()).toBe('ok');
    expect(seen.size).toBe(2);
  });

  it('stops at once when its signal aborts, also mid-body', async () => {
    const base = await listen((_req, res) => {
      res.writeHead(200);
      res.write('first');
    });
    const controller = new AbortController();
    const body = new BodyReader(await get(base, controller.signal));
    expect((await body.read())!.toString()).toBe('first');
    controller.abort();
    await expect(body.read()).rejects.toThrow();
    server!.closeAllConnections();
  });

  it('hands over every chunk that came before a broken connection, then the failure', async () => {
    const base = await listen((_req, res) => {
      res.writeHead(200);
      res.write('春眠');
      setTimeout(() => {
        res.write('不觉晓，');
        setTimeout(() => res.socket?.destroy(), 5);
      }, 5);
    });
    const res = await get(base);
    const body = new BodyReader(res);
    // Read only once the connection is gone: both chunks are waiting, and so is the failure.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { text, failure } = await readAll(body);
    expect(text).toBe('春眠不觉晓，');
    expect(failure).toBeInstanceOf(Error);
  });

  it('pauses a body that is not read, and goes on where it left off', async () => {
    const part = 'x'.repeat(16_384);
    const base = await listen((_req, res) => {
      res.writeHead(200);
      let sent = 0;
      const more = () => {
        while (sent < 400) {
          sent++;
          if (!res.write(part)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const res = await get(base);
    const body = new BodyReader(res);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(res.isPaused()).toBe(true);
    const { text, failure } = await readAll(body);
    expect(failure).toBeNull();
    expect(text.length).toBe(400 * part.length);
    expect(body.done).toBe(true);
  });
});
