import {
  MODEL_TEST_PROMPT,
  type ModelTestDone,
  type ModelTestError,
  type ModelTestStart,
  type UserInfo,
} from '@lingxi/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import { openReply, waitFor } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { auditOf, consoleOf, modelBody } from '../../../test/models.js';

/*
 * The test button (docs/admin.md, Models and prices): one prompt to the model through a real socket to a fake
 * OpenAI-compatible server, streamed back as Server-Sent Events; no chips, only an audit row.
 */

let t: TestApp;
let fake: FakeOpenAi;
let ops: ReturnType<typeof consoleOf>;
let adminToken: string;
/** A second operator (ADMIN_PHONES names both). */
const otherPhone = randomPhone();

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const phone = randomPhone();
  const env = { ADMIN_PHONES: `${phone},${otherPhone}`, OFFLINE_STREAM_DELAY_MS: '0' };
  t = await (await startTestApp({ env })).listen();
  adminToken = (await t.login(phone)).token;
  ops = consoleOf(t, adminToken);
});
beforeEach(() => {
  // A fresh rate-limit window for each test.
  t.clock.advance(61_000);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type TestEvent =
  | { event: 'start'; data: ModelTestStart }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ModelTestDone }
  | { event: 'error'; data: ModelTestError };
const typed = (events: { event: string; data: unknown }[]) => events as TestEvent[];
const dataOf = <E extends TestEvent['event']>(events: TestEvent[], name: E) =>
  events.find((e) => e.event === name)?.data as Extract<TestEvent, { event: E }>['data'];

describe('POST /admin/model/{id}/test', () => {
  it('streams the deltas in order, then the times and usage, charging nothing', async () => {
    const model = await ops.create(modelBody(fake));
    fake.once({ deltas: ['你好', '，我是', '测试', '模型。'], deltaDelayMs: 15 }, model.upstream_model);
    const chips = async () =>
      (await t.call<UserInfo>('GET', '/api/v1/user', { token: adminToken })).body.data.chips;
    const before = await chips();
    const res = await ops.test(model.id);
    expect(res.contentType).toMatch(/^text\/event-stream/);
    const events = typed(res.events);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'delta', 'delta', 'done']);
    expect(dataOf(events, 'start')).toEqual({
      model_id: model.id,
      name: model.name,
      provider: 'openai',
      upstream_model: model.upstream_model,
      prompt: MODEL_TEST_PROMPT,
    });
    expect(events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : []))).toEqual([
      '你好',
      '，我是',
      '测试',
      '模型。',
    ]);
    const done = dataOf(events, 'done');
    expect(done.finish_reason).toBe('stop');
    expect(done.first_token_ms).toBeGreaterThanOrEqual(0);
    expect(done.latency_ms).toBeGreaterThanOrEqual(done.first_token_ms! + 30);
    expect(done.usage).toEqual({ prompt_tokens: MODEL_TEST_PROMPT.length, completion_tokens: 4 });
    const sent = fake.requestsFor(model.upstream_model).at(-1)!.body;
    expect(sent.messages).toEqual([{ role: 'user', content: MODEL_TEST_PROMPT }]);
    expect(sent.max_tokens).toBe(512);
    expect(await chips()).toBe(before);

    const row = (await auditOf(t, `model:${model.id}`)).find((r) => r.action === 'model.test')!;
    expect(row.detail).toMatchObject({ prompt: MODEL_TEST_PROMPT, outcome: 'done', chars: 10 });
    expect(row.detail.latency_ms).toBe(done.latency_ms);
  });

  it('sends the prompt given, to a disabled model too', async () => {
    const model = await ops.create(modelBody(fake, { enabled: false }));
    const res = await ops.test(model.id, { prompt: '  1+1等于几？ ' });
    expect(res.events.at(-1)!.event).toBe('done');
    expect(fake.requestsFor(model.upstream_model).at(-1)!.body.messages[0]!.content).toBe('1+1等于几？');
  });

  it('answers with the offline model too', async () => {
    const events = typed((await ops.test('offline')).events);
    expect(events[0]).toMatchObject({ event: 'start', data: { provider: 'offline', model_id: 'offline' } });
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(3);
    expect(events.at(-1)!.event).toBe('done');
    const text = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
    expect(text).toContain('离线模型');
  });

  it("turns an upstream 401 into an error event with the upstream's message", async () => {
    const model = await ops.create(modelBody(fake));
    fake.once({ status: 401 }, model.upstream_model);
    const events = typed((await ops.test(model.id)).events);
    expect(events.map((e) => e.event)).toEqual(['start', 'error']);
    expect(dataOf(events, 'error')).toMatchObject({
      code: 30002,
      kind: 'auth',
      msg: 'API Key 无效或无权使用该模型（上游拒绝鉴权）',
      upstream_status: 401,
      upstream_message: 'Incorrect API key provided.',
      first_token_ms: null,
    });
    const row = (await auditOf(t, `model:${model.id}`)).find((r) => r.action === 'model.test')!;
    expect(row.detail).toMatchObject({ outcome: 'error', kind: 'auth', upstream_status: 401 });
  });

  it('names a 500, a 429 and an address that refuses connections', async () => {
    const model = await ops.create(modelBody(fake));
    fake.once({ status: 500 }, model.upstream_model);
    expect(dataOf(typed((await ops.test(model.id)).events), 'error')).toMatchObject({
      kind: 'upstream',
      msg: '模型服务出错（HTTP 500），请查看上游返回的信息',
      upstream_status: 500,
    });
    fake.once({ status: 429 }, model.upstream_model);
    expect(dataOf(typed((await ops.test(model.id)).events), 'error')).toMatchObject({ kind: 'rate_limit' });
    const closed = await ops.create(modelBody(fake, { base_url: 'http://127.0.0.1:1/v1' }));
    const error = dataOf(typed((await ops.test(closed.id)).events), 'error');
    expect(error).toMatchObject({ kind: 'connection', msg: '无法连接模型服务，请检查接口地址与网络' });
    expect(error.upstream_message).toContain('ECONNREFUSED');
  });

  it('keeps the deltas of a stream that breaks halfway, then says so', async () => {
    const model = await ops.create(modelBody(fake));
    fake.once({ deltas: ['一', '二', '三'], breakAfter: 2 }, model.upstream_model);
    const events = typed((await ops.test(model.id)).events);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'error']);
    expect(dataOf(events, 'error')).toMatchObject({ kind: 'broken_stream' });
    expect(dataOf(events, 'error').first_token_ms).not.toBeNull();
  });

  it('stops the model when the operator closes the test', async () => {
    const model = await ops.create(modelBody(fake));
    fake.once({ deltas: Array(50).fill('字'), deltaDelayMs: 50 }, model.upstream_model);
    const stream = await openReply(t, `/api/v1/admin/model/${model.id}/test`, {
      token: adminToken,
      body: {},
    });
    expect((await stream.next())!.event).toBe('start');
    expect((await stream.next())!.event).toBe('delta');
    stream.stop();
    await waitFor(() => fake.requestsFor(model.upstream_model).at(-1)!.clientClosedAt);
    const row = await waitFor(async () =>
      (await auditOf(t, `model:${model.id}`)).find((r) => r.action === 'model.test'),
    );
    expect(row.detail).toMatchObject({ outcome: 'aborted' });
  });

  it('refuses an unknown model, a bad id and a bad prompt with a plain envelope', async () => {
    expect((await ops.test('no-such-model')).envelope).toMatchObject({ code: 10004, msg: '模型不存在' });
    expect((await ops.test('Bad%20Id')).envelope).toMatchObject({ code: 10001 });
    expect((await ops.test('offline', { prompt: '长'.repeat(501) })).envelope).toMatchObject({ code: 10001 });
    expect((await ops.test('offline', { prompt: 'a\u0000' })).envelope).toMatchObject({ code: 10001 });
    expect((await ops.test('offline', { prompt: '\ud800' })).envelope).toMatchObject({ code: 10001 });
    expect((await ops.test('offline', { prompt: 42 } as never)).envelope).toMatchObject({ code: 10001 });
  });

  it('allows an operator 10 tests a minute, of 50 asked at once; another operator has their own', async () => {
    const all = await Promise.all(Array.from({ length: 50 }, () => ops.test('offline')));
    const streamed = all.filter((r) => r.envelope === null);
    expect(streamed).toHaveLength(10);
    for (const r of streamed) expect(r.events.at(-1)!.event).toBe('done');
    const refused = all.filter((r) => r.envelope !== null);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.envelope).toMatchObject({ code: 10029 });
    expect(refused[0]!.envelope!.msg).toMatch(/^测试太频繁，请\d+秒后再试$/);

    const other = consoleOf(t, (await t.login(otherPhone)).token);
    expect((await other.test('offline')).envelope).toBeNull();
    t.clock.advance(61_000);
    expect((await ops.test('offline')).envelope).toBeNull();
  });
});

describe('the deadline', () => {
  let slow: TestApp;
  let slowOps: ReturnType<typeof consoleOf>;
  beforeAll(async () => {
    // LLM_TIMEOUT_MS shortens the 30 s: the test never waits longer than a reply would.
    const started = await startCreationApp({ LLM_TIMEOUT_MS: '1000' });
    slow = started.t;
    slowOps = consoleOf(slow, started.admin.token);
  });
  afterAll(() => slow?.close());

  it('stops a model that answers too slowly, keeping what came, and closes the upstream', async () => {
    const model = await slowOps.create(modelBody(fake));
    fake.once({ deltas: Array(20).fill('慢'), deltaDelayMs: 200 }, model.upstream_model);
    const events = typed((await slowOps.test(model.id)).events);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { kind: 'timeout', msg: '模型在1秒内没有答完，测试已停止（超时）' },
    });
    await waitFor(() => fake.requestsFor(model.upstream_model).at(-1)!.clientClosedAt);
  });

  it('stops a model that never answers', async () => {
    const model = await slowOps.create(modelBody(fake));
    fake.once({ hang: true }, model.upstream_model);
    const started = Date.now();
    const events = typed((await slowOps.test(model.id)).events);
    expect(events.map((e) => e.event)).toEqual(['start', 'error']);
    expect(dataOf(events, 'error')).toMatchObject({ kind: 'timeout' });
    expect(dataOf(events, 'error').msg).toContain('超时');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
