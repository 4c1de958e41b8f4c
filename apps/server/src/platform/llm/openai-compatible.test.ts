import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmError, type LlmEvent } from './llm.js';
import { OpenAiCompatibleProvider } from './openai-compatible.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering every request with `status` and `body` (SSE when the status is 200). */
async function upstream(status: number, body: string) {
  server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1/`;
}

async function run(baseUrl: string) {
  const events: LlmEvent[] = [];
  const stream = new OpenAiCompatibleProvider(2_000).stream({
    model: { id: 'm', provider: 'openai', upstreamModel: 'm', baseUrl, apiKey: 'k' },
    messages: [{ role: 'user', content: '你好' }],
    signal: new AbortController().signal,
  });
  try {
    for await (const ev of stream) events.push(ev);
    return { events, error: null };
  } catch (err) {
    return { events, error: err as LlmError };
  }
}

/** A port nothing listens on (it was free a moment ago). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const sse = (...events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const chunk = (content: string | null, finish: string | null = null) => ({
  choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
});

describe('OpenAiCompatibleProvider', () => {
  it('streams the deltas, then done with the usage and finish reason', async () => {
    const base = await upstream(
      200,
      sse(chunk('你'), chunk('好'), chunk(null, 'stop'), {
        choices: [],
        usage: { prompt_tokens: 5, completion_tokens: 2 },
      }) + 'data: [DONE]\n\n',
    );
    expect((await run(base)).events).toEqual([
      { type: 'delta', text: '你' },
      { type: 'delta', text: '好' },
      { type: 'done', usage: { promptTokens: 5, completionTokens: 2 }, finishReason: 'stop' },
    ]);
  });

  it('an upstream nobody listens on: a connection error', async () => {
    const { error } = await run(`http://127.0.0.1:${await closedPort()}/v1`);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'connection', message: '无法连接模型服务，请稍后再试' });
  });

  it("a refusal's JSON body becomes the client library's typed error", async () => {
    const { error } = await run(await upstream(401, JSON.stringify({ error: { message: 'bad key' } })));
    expect(error).toMatchObject({ kind: 'auth' });
    expect(String((error!.cause as Error).message)).toContain('bad key');
    const busy = await run(await upstream(429, 'slow down'));
    expect(busy.error).toMatchObject({ kind: 'rate_limit' });
  });

  it('an error event in the stream fails the reply after the deltas before it', async () => {
    const base = await upstream(200, sse(chunk('半句'), { error: { message: 'overloaded' } }));
    const { events, error } = await run(base);
    expect(events).toEqual([{ type: 'delta', text: '半句' }]);
    expect(error).toMatchObject({ kind: 'upstream' });
  });
});
