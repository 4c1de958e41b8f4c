import { describe, expect, it } from 'vitest';
import { LlmRouter } from './index.js';
import { LlmError, type LlmEvent, type LlmRequest } from './llm.js';
import { OFFLINE_ONLY_NOTICE, OfflineProvider } from './offline.js';

const request = (over: Partial<LlmRequest> = {}): LlmRequest => ({
  model: { id: 'offline', provider: 'offline', upstreamModel: 'offline' },
  messages: [
    { role: 'system', content: '你是Python 导师。' },
    { role: 'user', content: '怎么用Python读取一个文件？' },
  ],
  signal: new AbortController().signal,
  context: { botName: 'Python 导师', botIntro: '耐心讲解 Python 的编程老师。' },
  ...over,
});

async function collect(stream: AsyncIterable<LlmEvent>) {
  const events: LlmEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

const textOf = (events: LlmEvent[]) => events.map((e) => (e.type === 'delta' ? e.text : '')).join('');

describe('the offline model', () => {
  it('reads like a reply in the bot’s name: no notice, no instructions for an administrator', async () => {
    const events = await collect(new OfflineProvider({ charsPerTick: 3, tickMs: 0 }).stream(request()));
    const text = textOf(events);
    expect(text).toMatch(/^你好，我是\*\*Python 导师\*\*。/);
    expect(text).toContain('耐心讲解 Python 的编程老师。');
    expect(text).toContain('「怎么用Python读取一个文件？」');
    // A coding question shows a code block, so the UI's highlighting path runs.
    expect(text).toContain('```python');
    // The chat page says once, at the top, that this is the offline model; the server log tells the administrator.
    for (const word of ['LLM_', '管理员', '离线', '重启']) expect(text).not.toContain(word);
    expect(text).not.toMatch(/^> /m);
  });

  it('tells the administrator, in the server log, how to connect a real model', () => {
    for (const v of ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODELS']) expect(OFFLINE_ONLY_NOTICE).toContain(v);
  });

  it('streams in many small deltas, then done with usage', async () => {
    const events = await collect(new OfflineProvider({ charsPerTick: 3, tickMs: 0 }).stream(request()));
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(20);
    for (const d of deltas) expect(Array.from(d.text).length).toBeLessThanOrEqual(3);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    if (done.type !== 'done') return;
    expect(done.finishReason).toBe('stop');
    expect(done.usage!.promptTokens).toBeGreaterThan(0);
    expect(done.usage!.completionTokens).toBeGreaterThan(0);
  });

  it('paces the deltas like a real model', async () => {
    const started = Date.now();
    const events = new OfflineProvider({ charsPerTick: 3, tickMs: 20 }).stream(request());
    const stream = events[Symbol.asyncIterator]();
    for (let i = 0; i < 5; i++) await stream.next();
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
    await stream.return?.();
  });

  it('quotes retrieved passages when there are some', async () => {
    const req = request({
      context: {
        botName: '知识助手',
        botIntro: '',
        passages: [{ document: '员工手册', passage: '年假为每年十五天，需提前一周申请。' }],
      },
    });
    const text = textOf(await collect(new OfflineProvider({ charsPerTick: 50, tickMs: 0 }).stream(req)));
    expect(text).toContain('《员工手册》：“年假为每年十五天，需提前一周申请。”[1]');
  });

  it('stops at once when aborted, yielding nothing after the abort', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    let deltasAtAbort = 0;
    const run = (async () => {
      for await (const e of new OfflineProvider({ charsPerTick: 3, tickMs: 15 }).stream(
        request({ signal: controller.signal }),
      )) {
        if (e.type === 'delta') deltas.push(e.text);
        if (deltas.length === 3 && !controller.signal.aborted) {
          deltasAtAbort = deltas.length;
          setTimeout(() => controller.abort(), 5);
        }
      }
    })();
    const err = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).kind).toBe('aborted');
    expect(deltas.length).toBe(deltasAtAbort);
  });

  it('yields nothing when the request is aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const deltas: LlmEvent[] = [];
    const err = await collect(new OfflineProvider().stream(request({ signal: controller.signal })))
      .then((e) => deltas.push(...e))
      .catch((e: unknown) => e);
    expect((err as LlmError).kind).toBe('aborted');
    expect(deltas).toEqual([]);
  });

  it('is what the router runs for the offline model, with no network', async () => {
    const router = new LlmRouter({ offlinePace: { charsPerTick: 10, tickMs: 0 } });
    const text = textOf(await collect(router.stream(request())));
    expect(text).toContain('我是**Python 导师**');
  });
});
