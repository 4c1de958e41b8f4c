import { randomUUID } from 'node:crypto';
import type {
  BotHome,
  Conversation,
  Envelope,
  PreviewDone,
  StreamDelta,
  StreamDone,
  StreamError,
  StreamStart,
} from '@lingxi/contract';
import type { FakeOpenAi } from './fake-openai.js';
import { randomIp, type TestApp } from './helpers.js';

/** The data of any reply or preview event (start, delta, done, error): read the fields of the event at hand. */
export type StreamData = Partial<
  StreamStart & StreamDelta & StreamDone & PreviewDone & Omit<StreamError, 'message'>
>;

/** One Server-Sent Event as the client reads it. */
export type SseEvent = { event: string; data: StreamData };

/**
 * A reply stream read the way a browser reads it: a real streaming fetch, parsed event by event as the bytes
 * arrive. A refusal before the stream is a JSON envelope instead (`envelope`).
 */
export type ReplyStream = {
  status: number;
  contentType: string;
  /** Set when the server answered with a JSON envelope rather than a stream. */
  envelope: Envelope<unknown> | null;
  /** The next event, or null at the end of the stream. */
  next(): Promise<SseEvent | null>;
  /** All the remaining events. */
  rest(): Promise<SseEvent[]>;
  /** Closes the stream from the client's side: the user pressed stop. */
  stop(): void;
};

export async function openReply(
  t: Pick<TestApp, 'base'>,
  path: string,
  o: { token: string; body?: unknown },
): Promise<ReplyStream> {
  const controller = new AbortController();
  const res = await fetch(t.base + path, {
    method: 'POST',
    headers: { token: o.token, 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
    body: JSON.stringify(o.body ?? {}),
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  const stop = () => controller.abort();
  if (!contentType.startsWith('text/event-stream')) {
    const envelope = (await res.json()) as Envelope<unknown>;
    return { status: res.status, contentType, envelope, next: async () => null, rest: async () => [], stop };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const next = async (): Promise<SseEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length) return { event, data: JSON.parse(data.join('\n')) };
        continue;
      }
      if (done) return null;
      try {
        const chunk = await reader.read();
        if (chunk.done) done = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      } catch (err) {
        if (controller.signal.aborted) return null;
        throw err;
      }
    }
  };
  const rest = async () => {
    const all: SseEvent[] = [];
    for (let e = await next(); e; e = await next()) all.push(e);
    return all;
  };
  return { status: res.status, contentType, envelope: null, next, rest, stop };
}

/** Sends a message and reads the whole reply (or the refusal). */
export async function sendMessage(
  t: TestApp,
  token: string,
  conversationId: number,
  body: { content: string; model_id?: string },
) {
  const stream = await openReply(t, `/api/v1/conversation/${conversationId}/message`, { token, body });
  return { ...stream, events: await stream.rest() };
}

export async function homeAssistantId(t: TestApp) {
  const home = await t.call<BotHome>('GET', '/api/v1/bot/home');
  return home.body.data.assistant.id;
}

export async function newConversation(t: TestApp, token: string, botId?: number) {
  const res = await t.call<Conversation>('POST', '/api/v1/conversation', {
    token,
    body: { bot_id: botId ?? (await homeAssistantId(t)) },
  });
  if (res.body.code !== 0) throw new Error(`conversation refused: ${res.body.msg}`);
  return res.body.data;
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** Polls until `fn` returns something truthy. */
export async function waitFor<T>(fn: () => Promise<T> | T, timeoutMs = 5000): Promise<Truthy<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as Truthy<T>;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Environment for an app whose models are served by the fake. Upstream ids get a suffix unique to the run, so
 * test files sharing one PostgreSQL database never configure the same model row; the offline model stays the
 * platform default, so other files' conversations never reach this fake.
 */
export function fakeModels(
  fake: FakeOpenAi,
  specs: Record<string, { price: number; context?: number; vip?: boolean }>,
) {
  const suffix = randomUUID().slice(0, 8);
  const ids: Record<string, string> = {};
  const list = Object.entries(specs).map(([name, s]) => {
    ids[name] = `${name}-${suffix}`;
    return `${ids[name]}:${name}:${s.price}:${s.context ?? 8000}${s.vip ? ':vip' : ''}`;
  });
  return {
    /** Upstream model ids by the short name given (also the model_id, as they are already slugs). */
    ids,
    env: {
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'sk-test',
      LLM_MODELS: list.join(','),
      LLM_DEFAULT_MODEL: 'offline',
    },
  };
}
