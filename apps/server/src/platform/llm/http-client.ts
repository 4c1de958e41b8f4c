import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';

/** An idle kept-alive connection is closed after this (as the global fetch does), or sooner if asked. */
const IDLE_MS = 4_000;
/** Chunks a body holds before the connection is paused until they are read. */
const HIGH_WATER_CHUNKS = 16;

type TimedSocket = Duplex & { timeout?: number; setTimeout(ms: number): unknown };

/**
 * Idle connections close after IDLE_MS, or before the server's own keep-alive timeout when it announces
 * one (Node's agent already times an idle socket by that hint; without one it would keep it forever).
 */
function withIdleTimeout<A extends http.Agent>(agent: A): A {
  const keep = agent.keepSocketAlive.bind(agent) as (socket: Duplex) => boolean;
  const reuse = agent.reuseSocket.bind(agent);
  return Object.assign(agent, {
    keepSocketAlive(socket: TimedSocket) {
      const kept = keep(socket);
      if (!socket.timeout || socket.timeout > IDLE_MS) socket.setTimeout(IDLE_MS);
      return kept;
    },
    reuseSocket(socket: TimedSocket, req: http.ClientRequest) {
      socket.setTimeout(0);
      reuse(socket, req);
    },
  });
}

const agents = {
  http: withIdleTimeout(new http.Agent({ keepAlive: true })),
  https: withIdleTimeout(new https.Agent({ keepAlive: true })),
};

/** The server closed a kept-alive connection as it was reused: the request never reached it. */
const lostReusedConnection = (req: http.ClientRequest, err: NodeJS.ErrnoException) =>
  req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');

/**
 * Sends a request over kept-alive connections and resolves with the response as soon as its headers are
 * in; the body is read with {@link BodyReader}. A request whose reused connection turns out closed is sent
 * once more on a fresh one. Rejects with the socket's error (or an AbortError when `signal` aborts).
 */
export function send(
  url: URL,
  o: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
): Promise<http.IncomingMessage> {
  const secure = url.protocol === 'https:';
  const options: http.RequestOptions = {
    method: o.method,
    headers: o.headers,
    agent: secure ? agents.https : agents.http,
    signal: o.signal,
  };
  const attempt = (retry: boolean) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = (secure ? https : http).request(url, options, resolve);
      req.on('error', (err) =>
        retry && lostReusedConnection(req, err) ? resolve(attempt(false)) : reject(err),
      );
      req.end(o.body);
    });
  return attempt(true);
}

/**
 * A response body, chunk by chunk as the network delivers it (one promise per read, no stream layers: every
 * delta of every reply passes here). Every chunk that arrived before a failure is handed over before the
 * failure itself, so a stream that breaks halfway keeps its last deltas.
 */
export class BodyReader {
  private readonly queue: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly res: http.IncomingMessage) {
    res.on('data', (chunk: Buffer) => {
      this.queue.push(chunk);
      if (this.queue.length >= HIGH_WATER_CHUNKS) res.pause();
      this.notify();
    });
    res.on('end', () => {
      this.ended = true;
      this.notify();
    });
    res.on('error', (err) => {
      this.failure ??= err;
      this.notify();
    });
    res.on('close', () => {
      if (!this.ended) this.failure ??= Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      this.notify();
    });
  }

  private notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** True once the whole body was read. */
  get done() {
    return this.ended && !this.queue.length;
  }

  /** The next chunk, or null at the end of the body; throws once the chunks before a failure are read. */
  async read(): Promise<Buffer | null> {
    while (!this.queue.length && !this.ended && !this.failure) {
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    const chunk = this.queue.shift();
    if (chunk) {
      if (this.queue.length < HIGH_WATER_CHUNKS && this.res.isPaused()) this.res.resume();
      return chunk;
    }
    if (this.ended) return null;
    throw this.failure!;
  }

  /** The rest of the body as text, at most `maxBytes` of it. */
  async text(maxBytes = 65_536): Promise<string> {
    const parts: Buffer[] = [];
    let size = 0;
    for (let chunk = await this.read(); chunk && size < maxBytes; chunk = await this.read()) {
      parts.push(chunk);
      size += chunk.length;
    }
    this.cancel();
    return Buffer.concat(parts).subarray(0, maxBytes).toString('utf8');
  }

  /** Stops reading: the connection is closed rather than drained. */
  cancel() {
    if (!this.ended) this.res.destroy();
  }
}

/** The response's headers as web `Headers` (what the client library's errors carry). */
export function headersOf(res: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of [value ?? []].flat()) headers.append(name, v);
  }
  return headers;
}
