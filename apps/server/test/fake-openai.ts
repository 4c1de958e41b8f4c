import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible chat completions (and embeddings, see {@link fakeEmbedding}) server for tests and
 * benchmarks: real HTTP on loopback and real
 * Server-Sent Events in the wire format of `POST /v1/chat/completions` with `stream: true`:
 *
 *   data: {"id":…,"object":"chat.completion.chunk",…,"choices":[{"index":0,"delta":{"content":"你"},…}]}\n\n
 *   …one chunk per scripted delta…
 *   data: {…"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n
 *   data: {…"choices":[],"usage":{…}}\n\n          (only when stream_options.include_usage)
 *   data: [DONE]\n\n
 *
 * What each request gets is scripted (see {@link FakeScript}): by upstream model name or for any model, as a
 * standing script or queued for the next request only. Every request is recorded (body, key, how far the
 * reply got, and whether and when the client closed the connection).
 *
 * Cheap enough for a benchmark: a script's frames are encoded once (per model name) and reused, each delta is
 * one `write` of a ready Buffer, and one timer per request is re-armed with `refresh()` between deltas.
 */

export type FakeScript = {
  /** The content deltas, in order. Default: ['你好', '，', '我是', '测试模型', '。']. */
  deltas?: string[];
  /** Before the response headers (ms). */
  firstByteDelayMs?: number;
  /** Between two deltas, and before the first one once the headers are out (ms). */
  deltaDelayMs?: number;
  /** Answer with this HTTP error status and an OpenAI-style error body instead of a stream (401, 429, 500…). */
  status?: number;
  /** Destroy the socket after this many deltas: a stream that breaks halfway. */
  breakAfter?: number;
  /** Send the headers and this many deltas, then nothing more, ever: a stalled stream. */
  hangAfter?: number;
  /** Never answer at all, not even headers. */
  hang?: boolean;
  finishReason?: string;
  /**
   * End each delta's text with the time it was written, `@<epoch ms with µs>@` (benchmarks: the latency of
   * each delta, whatever the timers' drift).
   */
  stampDeltas?: boolean;
  /** Usage of the final usage chunk. Default: prompt = characters of the messages, completion = deltas. */
  usage?: { prompt_tokens: number; completion_tokens: number };
};

export type FakeRequest = {
  /** 1, 2, 3… in arrival order. */
  seq: number;
  model: string;
  body: ChatBody;
  authorization: string | undefined;
  receivedAt: number;
  /** Deltas written so far. */
  deltasSent: number;
  /** The server finished the response (or broke it on purpose). */
  finished: boolean;
  /** When the client closed the connection before the response was finished; null if it did not. */
  clientClosedAt: number | null;
  /** Settles when the exchange is over, whichever side ended it. */
  ended: Promise<void>;
};

type ChatBody = {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
};

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

const DEFAULT_SCRIPT: FakeScript = { deltas: ['你好', '，', '我是', '测试模型', '。'] };
const ANY = '*';

const ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  429: { message: 'Rate limit reached for requests.', type: 'requests', code: 'rate_limit_exceeded' },
  500: {
    message: 'The server had an error while processing your request.',
    type: 'server_error',
    code: null,
  },
};

type Frames = {
  deltas: Buffer[];
  /** Where in each delta frame its stamp goes (stampDeltas), else -1. */
  stampAt: number[];
  finish: Buffer;
  usage: Buffer | null;
  done: Buffer;
};

/** A delta's stamp: a wall-clock time in ms with µs, of fixed width. */
const STAMP = '@0000000000000.000@';
const stampNow = () => `@${(performance.timeOrigin + performance.now()).toFixed(3).padStart(17, '0')}@`;

/** Encodes the frames of a script for one model name, once. */
function encode(script: FakeScript, model: string, seq: number): Frames {
  const head = `{"id":"chatcmpl-fake${seq}","object":"chat.completion.chunk","created":${Math.floor(Date.now() / 1000)},"model":${JSON.stringify(model)},"system_fingerprint":"fp_fake"`;
  const chunk = (delta: string, finish: string | null) =>
    Buffer.from(
      `data: ${head},"choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${finish}}],"usage":null}\n\n`,
    );
  const texts = (script.deltas ?? DEFAULT_SCRIPT.deltas!).map((t) => (script.stampDeltas ? t + STAMP : t));
  const deltas = texts.map((text, i) =>
    chunk(
      i === 0
        ? `{"role":"assistant","content":${JSON.stringify(text)}}`
        : `{"content":${JSON.stringify(text)}}`,
      'null',
    ),
  );
  const usage = script.usage
    ? Buffer.from(`data: ${head},"choices":[],"usage":${usageJson(script.usage)}}\n\n`)
    : null;
  return {
    deltas,
    stampAt: deltas.map((d) => (script.stampDeltas ? d.indexOf(STAMP) : -1)),
    finish: chunk('{}', JSON.stringify(script.finishReason ?? 'stop')),
    usage,
    done: Buffer.from('data: [DONE]\n\n'),
  };
}

const usageJson = (u: { prompt_tokens: number; completion_tokens: number }) =>
  `{"prompt_tokens":${u.prompt_tokens},"completion_tokens":${u.completion_tokens},"total_tokens":${u.prompt_tokens + u.completion_tokens}}`;

export async function startFakeOpenAi(opts: { record?: boolean } = {}) {
  const record = opts.record ?? true;
  const standing = new Map<string, FakeScript>();
  const queued = new Map<string, FakeScript[]>();
  const encoded = new WeakMap<FakeScript, Map<string, Frames>>();
  const requests: FakeRequest[] = [];
  const closedConnections: FakeRequest[] = [];
  let seq = 0;

  const pick = (model: string): FakeScript =>
    queued.get(model)?.shift() ??
    queued.get(ANY)?.shift() ??
    standing.get(model) ??
    standing.get(ANY) ??
    DEFAULT_SCRIPT;

  const framesOf = (script: FakeScript, model: string) => {
    let byModel = encoded.get(script);
    if (!byModel) encoded.set(script, (byModel = new Map()));
    let frames = byModel.get(model);
    if (!frames) byModel.set(model, (frames = encode(script, model, seq)));
    return frames;
  };

  function serve(req: IncomingMessage, res: ServerResponse, body: ChatBody) {
    const script = pick(body.model);
    let ended!: () => void;
    const rec: FakeRequest = {
      seq: ++seq,
      model: body.model,
      body,
      authorization: req.headers.authorization,
      receivedAt: Date.now(),
      deltasSent: 0,
      finished: false,
      clientClosedAt: null,
      ended: new Promise<void>((resolve) => (ended = resolve)),
    };
    if (record) requests.push(rec);
    let timer: NodeJS.Timeout | undefined;
    res.on('close', () => {
      clearTimeout(timer);
      if (!rec.finished) {
        rec.clientClosedAt = Date.now();
        if (record) closedConnections.push(rec);
      }
      ended();
    });
    if (script.hang) return;

    const frames = framesOf(script, body.model);
    const last = frames.deltas.length;
    const gap = script.deltaDelayMs ?? 0;
    const finish = () => {
      rec.finished = true;
      res.write(frames.finish);
      if (body.stream_options?.include_usage) {
        res.write(
          frames.usage ??
            `data: {"id":"chatcmpl-fake${rec.seq}","object":"chat.completion.chunk","created":0,"model":${JSON.stringify(body.model)},"choices":[],"usage":${usageJson(defaultUsage(body, last))}}\n\n`,
        );
      }
      res.end(frames.done);
    };
    // One step per delta; the same timer is re-armed between steps.
    const step = () => {
      if (res.destroyed) return;
      if (rec.deltasSent === script.hangAfter) return;
      if (rec.deltasSent === script.breakAfter) {
        rec.finished = true;
        res.socket?.destroy();
        return;
      }
      if (rec.deltasSent === last) return finish();
      const at = frames.stampAt[rec.deltasSent]!;
      const frame = frames.deltas[rec.deltasSent++]!;
      // A stamped frame is a copy: the shared one may still be queued for another request.
      res.write(at < 0 ? frame : Buffer.from(frame).fill(stampNow(), at, at + STAMP.length));
      if (gap > 0) timer!.refresh();
      else setImmediate(step);
    };
    const start = () => {
      if (res.destroyed) return;
      if (script.status) {
        rec.finished = true;
        const error = ERRORS[script.status] ?? {
          message: `Error ${script.status}`,
          type: 'error',
          code: null,
        };
        res.writeHead(script.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { ...error, param: null } }));
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      res.flushHeaders();
      res.socket?.setNoDelay(true);
      if (gap > 0) timer = setTimeout(step, gap);
      else step();
    };
    if (script.firstByteDelayMs) timer = setTimeout(start, script.firstByteDelayMs);
    else start();
  }

  const embeddingRequests: { model: string; input: string[]; authorization: string | undefined }[] = [];
  const embeddingFailures: number[] = [];

  function embed(req: IncomingMessage, res: ServerResponse, body: EmbeddingBody) {
    const input = typeof body.input === 'string' ? [body.input] : body.input;
    embeddingRequests.push({ model: body.model, input, authorization: req.headers.authorization });
    const status = embeddingFailures.shift();
    if (status) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { ...(ERRORS[status] ?? { message: 'error', type: 'error' }) } }));
      return;
    }
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        data,
        model: body.model,
        usage: { prompt_tokens: input.join('').length, total_tokens: input.join('').length },
      }),
    );
  }

  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => embed(req, res, JSON.parse(Buffer.concat(parts).toString()) as EmbeddingBody));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"not found","type":"invalid_request_error"}}');
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      let body: ChatBody;
      try {
        body = JSON.parse(Buffer.concat(parts).toString()) as ChatBody;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"bad json","type":"invalid_request_error"}}');
        return;
      }
      serve(req, res, body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The base URL to configure as LLM_BASE_URL. */
    url: `http://127.0.0.1:${port}/v1`,
    /** Every request, in arrival order (unless started with `record: false`). */
    requests,
    /** The requests whose connection the client closed before the reply was finished. */
    closedConnections,
    /** The standing script of a model (or of every model without one). */
    script(script: FakeScript, model: string = ANY) {
      standing.set(model, script);
    },
    /** A script for the next request of a model (or of any model) only; queued ones go first, in order. */
    once(script: FakeScript, model: string = ANY) {
      const q = queued.get(model) ?? [];
      q.push(script);
      queued.set(model, q);
    },
    /** Every `/embeddings` request: its model and inputs. */
    embeddingRequests,
    /** The next `/embeddings` requests answer with these HTTP error statuses, one each. */
    failEmbeddings(...statuses: number[]) {
      embeddingFailures.push(...statuses);
    },
    /** The requests of one upstream model. */
    requestsFor(model: string) {
      return requests.filter((r) => r.model === model);
    },
    /** Forgets scripts and recordings. */
    reset() {
      standing.clear();
      queued.clear();
      requests.length = 0;
      closedConnections.length = 0;
      embeddingRequests.length = 0;
      embeddingFailures.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function defaultUsage(body: ChatBody, deltas: number) {
  const prompt = body.messages.reduce(
    (n, m) => n + (typeof m.content === 'string' ? m.content.length : 0),
    0,
  );
  return { prompt_tokens: prompt, completion_tokens: deltas };
}

type EmbeddingBody = { model: string; input: string | string[] };

/** Dimensions of the fake embeddings. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/**
 * A deterministic embedding for `POST /v1/embeddings`: a hashed bag of the text's characters and character
 * pairs, normalised to length 1. Texts sharing characters point the same way, so vector retrieval ranks the
 * passage that shares the most characters with a query first, as a real model roughly would.
 */
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  const chars = Array.from(text.normalize('NFKC').toLowerCase()).filter((c) => /[\p{L}\p{N}]/u.test(c));
  const add = (s: string) => {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    v[(h >>> 0) % FAKE_EMBEDDING_DIMENSIONS]! += 1;
  };
  chars.forEach((c, i) => {
    add(c);
    if (i > 0) add(chars[i - 1]! + c);
  });
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
