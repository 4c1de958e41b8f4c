import type { FastifyReply } from 'fastify';

export type SseStream = {
  send(event: string, data: unknown): void;
  end(): void;
  /** True once the client went away (it pressed stop, or lost the connection). */
  readonly closed: boolean;
  onClose(listener: () => void): void;
};

const HEARTBEAT_MS = 15_000;

/**
 * Takes the response over for Server-Sent Events. Each event is written straight to the socket (no
 * buffering, Nagle off), so a delta reaches the client the moment it is sent.
 */
export function openSse(reply: FastifyReply): SseStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    // A reply is one user's: never stored; nor compressed on the way, which would hold deltas back.
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  res.flushHeaders();
  let closed = res.destroyed;
  const listeners: (() => void)[] = [];
  // docs/deploy.md, Metrics: streams open, and the time to a reply's first delta as its reader waits it.
  const { sseOpen, firstToken } = reply.server.metrics;
  const route = { route: reply.request.routeOptions.url ?? '' };
  let waiting = true;
  // A connection already gone has had its 'close': it is not counted, so never uncounted.
  const counted = !closed;
  if (counted) sseOpen.inc(route);
  const heartbeat = setInterval(() => !closed && res.write(': ping\n\n'), HEARTBEAT_MS);
  res.on('close', () => {
    if (counted) sseOpen.dec(route);
    clearInterval(heartbeat);
    if (!res.writableFinished) {
      closed = true;
      listeners.forEach((l) => l());
    }
  });
  return {
    send(event, data) {
      if (waiting && event === 'delta') {
        waiting = false;
        firstToken.observe(route, reply.elapsedTime / 1000);
      }
      if (!closed && !res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      listeners.push(listener);
    },
  };
}
