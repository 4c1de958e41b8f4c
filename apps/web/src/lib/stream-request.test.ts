// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createRequestClient } from './request';
import { STREAM_DRAIN_MS, streamRequest, type StreamEvent } from './stream-request';

interface Events {
  start: { id: number };
  delta: { text: string };
  done: { ok: boolean };
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseURL = '';
const handlers = new Map<string, Handler>();
const seen: { headers: IncomingMessage['headers']; body: string }[] = [];
const closed = vi.fn<(path: string) => void>();
/** Per path: whether the server had finished its answer when the connection closed (false: the client cut it). */
const finishedAtClose = new Map<string, boolean>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      const path = req.url ?? '';
      res.on('close', () => {
        finishedAtClose.set(path, res.writableFinished);
        closed(path);
      });
      handlers.get(path)?.(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  handlers.clear();
  seen.length = 0;
  closed.mockClear();
  finishedAtClose.clear();
});

function setup(token: string | null = 'tok') {
  const toast = vi.fn<(message: string) => void>();
  const confirm = vi.fn<(message: string) => Promise<boolean>>(() => Promise.resolve(false));
  /** The signal of each request, to tell whether the client aborted it. */
  const signals: AbortSignal[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    if (init?.signal) signals.push(init.signal);
    return fetch(input, init);
  };
  const client = createRequestClient({
    baseURL,
    getToken: () => token,
    toast,
    confirm,
    fetch: recordingFetch,
  });
  return { client, toast, confirm, signals };
}

const sse = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });

async function collect(iterable: AsyncIterable<StreamEvent<Events>>) {
  const events: StreamEvent<Events>[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('streamRequest', () => {
  it('posts JSON with the token and parses events split at awkward chunk boundaries', async () => {
    const wire =
      'event: start\ndata: {"id":7}\n\n' +
      'event: delta\ndata: {"text":"你好"}\n\n' +
      ': a comment line\r\n' +
      'event: delta\r\ndata: {"text":"，世界 🌏"}\r\n\r\n' +
      'event: done\ndata: {"ok":true}\n\n';
    const bytes = Buffer.from(wire, 'utf8');
    handlers.set('/stream', (_req, res) => {
      sse(res);
      // Cut every few bytes: through event names, JSON, CRLF pairs and the middle of multi-byte characters.
      void (async () => {
        for (let i = 0; i < bytes.length; i += 5) {
          res.write(bytes.subarray(i, i + 5));
          await sleep(1);
        }
        res.end();
      })();
    });
    const { client, toast } = setup('tok-9');
    const events = await collect(streamRequest<Events>('/stream', { client, data: { content: 'hi' } }));
    expect(events).toEqual([
      { event: 'start', data: { id: 7 } },
      { event: 'delta', data: { text: '你好' } },
      { event: 'delta', data: { text: '，世界 🌏' } },
      { event: 'done', data: { ok: true } },
    ]);
    expect(seen[0]?.headers.token).toBe('tok-9');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers.accept).toContain('text/event-stream');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ content: 'hi' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('yields each event as soon as it arrives, before the stream ends', async () => {
    let release: () => void = () => undefined;
    handlers.set('/slow', (_req, res) => {
      sse(res);
      res.write('event: delta\ndata: {"text":"a"}\n\n');
      release = () => res.end('event: done\ndata: {"ok":true}\n\n');
    });
    const { client } = setup();
    const iterator = streamRequest<Events>('/slow', { client })[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ event: 'delta', data: { text: 'a' } });
    release();
    expect((await iterator.next()).value).toEqual({ event: 'done', data: { ok: true } });
    expect((await iterator.next()).done).toBe(true);
  });

  it('a JSON envelope refusal goes through the error catalogue: toast and reject with the code', async () => {
    handlers.set('/refuse', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 30001, msg: '芯片余额不足', data: null }));
    });
    const { client, toast } = setup();
    const error = await collect(streamRequest<Events>('/refuse', { client })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 30001, message: '芯片余额不足', kind: 'business' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('芯片余额不足');
  });

  it('a not-logged-in refusal opens the login dialog instead of a toast', async () => {
    handlers.set('/login', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 20003, msg: '未登录，请先登录', data: null }));
    });
    const { client, toast, confirm } = setup(null);
    const error = await collect(streamRequest<Events>('/login', { client })).catch((e: unknown) => e);
    expect((error as ApiError).isNotLoggedIn).toBe(true);
    expect(confirm).toHaveBeenCalledExactlyOnceWith('未登录或登录过期了，是否前往登录？');
    expect(toast).not.toHaveBeenCalled();
  });

  it('hideErrorToast leaves the refusal to the caller', async () => {
    handlers.set('/quiet', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 10029, msg: '发送太频繁', data: null }));
    });
    const { client, toast } = setup();
    const error = await collect(streamRequest<Events>('/quiet', { client, hideErrorToast: true })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 10029 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('an HTTP 500 is a transport failure', async () => {
    handlers.set('/boom', (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 10500, msg: 'x', data: null }));
    });
    const { client, toast } = setup();
    const error = await collect(streamRequest<Events>('/boom', { client })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(toast).toHaveBeenCalledWith('服务器内部错误，请稍后再试');
  });

  it('aborting mid-stream closes the connection and rejects as aborted, without a toast', async () => {
    handlers.set('/endless', (_req, res) => {
      sse(res);
      res.write('event: delta\ndata: {"text":"a"}\n\n');
    });
    const { client, toast } = setup();
    const controller = new AbortController();
    const received: StreamEvent<Events>[] = [];
    const run = (async () => {
      for await (const event of streamRequest<Events>('/endless', { client, signal: controller.signal })) {
        received.push(event);
        controller.abort();
      }
    })();
    const error = await run.catch((e: unknown) => e);
    expect(received).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(toast).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith('/endless'));
  });

  it('a consumer that stops reading early also closes the connection', async () => {
    handlers.set('/early', (_req, res) => {
      sse(res);
      res.write('event: delta\ndata: {"text":"a"}\n\n');
    });
    const { client } = setup();
    for await (const event of streamRequest<Events>('/early', { client })) {
      expect(event.event).toBe('delta');
      break;
    }
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith('/early'));
  });

  it('a consumer that stops at the final event lets the answer finish: nothing is aborted', async () => {
    // The server ends its answer a moment after `done` (as it does once the reply is settled): the client must
    // read on to the end instead of cutting the connection, which the browser reports as net::ERR_ABORTED.
    handlers.set('/final', (_req, res) => {
      sse(res);
      res.write('event: delta\ndata: {"text":"a"}\n\n');
      res.write('event: done\ndata: {"ok":true}\n\n');
      setTimeout(() => res.end(), 50);
    });
    const { client, signals } = setup();
    const received: string[] = [];
    for await (const event of streamRequest<Events>('/final', { client, finalEvents: ['done', 'error'] })) {
      received.push(event.event);
      if (event.event === 'done') break;
    }
    expect(received).toEqual(['delta', 'done']);
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith('/final'));
    expect(finishedAtClose.get('/final')).toBe(true);
    expect(signals[0]?.aborted).toBe(false);
  });

  it('after the final event, an answer that never ends is cut after a grace period', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      handlers.set('/final-open', (_req, res) => {
        sse(res);
        res.write('event: done\ndata: {"ok":true}\n\n');
      });
      const { client, signals } = setup();
      for await (const event of streamRequest<Events>('/final-open', { client, finalEvents: ['done'] })) {
        if (event.event === 'done') break;
      }
      expect(signals[0]?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(STREAM_DRAIN_MS);
      expect(signals[0]?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith('/final-open'));
    expect(finishedAtClose.get('/final-open')).toBe(false);
  });

  it('a stream that breaks halfway rejects as a network failure and toasts', async () => {
    handlers.set('/broken', (_req, res) => {
      sse(res);
      res.write('event: delta\ndata: {"text":"a"}\n\n');
      setTimeout(() => res.destroy(), 20);
    });
    const { client, toast } = setup();
    const received: StreamEvent<Events>[] = [];
    const error = await (async () => {
      for await (const event of streamRequest<Events>('/broken', { client })) received.push(event);
    })().catch((e: unknown) => e);
    expect(received).toEqual([{ event: 'delta', data: { text: 'a' } }]);
    expect(error).toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledTimes(1);
  });
});
