import { vi } from 'vitest';
import { request } from '../lib/request';
import { getToken } from '../lib/session';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  signal?: AbortSignal | null;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { code?: number; msg?: string; data?: unknown };

/**
 * A route may also answer with a whole Response, e.g. a Server-Sent Events stream (see test/sse.ts), or later
 * (a promise), to hold a page in its loading state.
 */
type Answer = Reply | Response | Promise<Reply | Response>;

/**
 * Points the app's request client at an in-memory API: `routes` maps "METHOD /path" to the envelope to answer.
 * Every call is recorded, so tests can assert what the page sent.
 */
export function mockApi(routes: Record<string, Answer | ((call: Call) => Answer)>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      signal: init?.signal,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = await (typeof route === 'function' ? route(call) : route);
    if (reply instanceof Response) return reply;
    const payload = reply
      ? { code: 0, msg: 'ok', data: null, ...reply }
      : { code: 10004, msg: '接口不存在', data: null };
    return new Response(JSON.stringify(payload), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  request.configure({ fetch: fetchMock as typeof fetch, toast: () => undefined, getToken });
  return { calls, fetchMock };
}
