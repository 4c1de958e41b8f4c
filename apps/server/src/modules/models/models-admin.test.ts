import type { AdminModel, ModelInfo } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import { fakeModels } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditOf, consoleOf, modelBody } from '../../../test/models.js';

/* The console's models (docs/admin.md, Models and prices): what each action changes, its audit row, the key. */

let t: TestApp;
let fake: FakeOpenAi;
let ops: ReturnType<typeof consoleOf>;
let adminId: number;
let envModel: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'env-model': { price: 2 } });
  envModel = m.ids['env-model']!;
  const started = await startCreationApp(m.env);
  t = started.t;
  ops = consoleOf(t, started.admin.token);
  adminId = started.admin.user.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const publicModels = async () => (await t.call<{ list: ModelInfo[] }>('GET', '/api/v1/model')).body.data.list;

describe('GET /admin/model', () => {
  it('lists every model in order, with where it comes from, and never a key', async () => {
    const res = await ops.call<{ list: AdminModel[] }>('GET', '');
    expect(res.body.code).toBe(0);
    const list = res.body.data.list;
    expect(list.find((m) => m.id === 'offline')).toMatchObject({
      provider: 'offline',
      source: 'builtin',
      is_default: true,
      api_key_set: false,
      api_key_masked: null,
    });
    expect(list.find((m) => m.id === envModel)).toMatchObject({
      provider: 'openai',
      source: 'env',
      base_url: fake.url,
      api_key_set: true,
      // 'sk-test' is too short to show any of it.
      api_key_masked: '****',
      chip_price: 2,
      bot_count: 0,
    });
    expect(list.map((m) => m.sort)).toEqual([...list.map((m) => m.sort)].sort((a, b) => a - b));
  });
});

describe('POST /admin/model', () => {
  it('creates a model that users can pick at once, audited without its key', async () => {
    const body = modelBody(fake, { name: '新模型', chip_price: 6, api_key: 'sk-secret-abcdefgh-9876' });
    const res = await ops.call('POST', '', body);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      id: body.id,
      name: '新模型',
      source: 'console',
      api_key_set: true,
      api_key_masked: 'sk-****9876',
      enabled: true,
      is_default: false,
      vip_only: false,
    });
    expect(JSON.stringify(await ops.list())).not.toContain('sk-secret');
    expect((await publicModels()).find((m) => m.id === body.id)).toMatchObject({ chip_price: 6 });

    const [row, ...more] = await auditOf(t, `model:${body.id}`);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: 'model.create', actorId: adminId, before: null });
    expect(row!.after).toMatchObject({ id: body.id, chip_price: 6, api_key_masked: 'sk-****9876' });
    expect(row!.ip).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain('sk-secret');
  });

  it('refuses a taken id, and one of 50 identical requests at once creates it', async () => {
    const body = modelBody(fake);
    const all = await Promise.all(Array.from({ length: 50 }, () => ops.call('POST', '', body)));
    const codes = all.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10009)).toHaveLength(49);
    expect(all.find((r) => r.body.code === 10009)!.body.msg).toBe('模型ID已存在，请换一个');
    expect(await auditOf(t, `model:${body.id}`)).toHaveLength(1);
    expect((await ops.call('POST', '', { ...modelBody(fake), id: 'offline' })).body.code).toBe(10009);
  });

  it('needs an address, a key and an upstream id for an OpenAI-compatible model, none for an offline one', async () => {
    const { base_url: _u, api_key: _k, upstream_model: _m, ...bare } = modelBody(fake);
    const res = await ops.call('POST', '', bare);
    expect(res.body).toMatchObject({ code: 10001 });
    expect(res.body.msg).toContain('请填写接口地址');
    const offline = await ops.call('POST', '', { ...bare, provider: 'offline' });
    expect(offline.body.data).toMatchObject({ provider: 'offline', base_url: null, api_key_set: false });
    const mixed = await ops.call('POST', '', { ...modelBody(fake), provider: 'offline' });
    expect(mixed.body).toMatchObject({ code: 10001, msg: '离线模型无需接口地址和 API Key' });
  });

  it.each([
    ['an id with capitals', { id: 'Bad_ID' }],
    ['a reserved id', { id: 'order' }],
    ['an id too long', { id: 'a'.repeat(61) }],
    ['a name of 31 characters', { name: '名'.repeat(31) }],
    ['an empty name', { name: '  ' }],
    ['a NUL byte', { name: 'a\u0000b' }],
    ['a lone surrogate', { name: 'a\ud800b' }],
    ['an ftp address', { base_url: 'ftp://example.com/v1' }],
    ['a script address', { base_url: 'javascript:alert(1)' }],
    ['no address at all', { base_url: 'not a url' }],
    ['a key with spaces', { api_key: 'sk key' }],
    ['a negative price', { chip_price: -1 }],
    ['a price over 10000', { chip_price: 10_001 }],
    ['a fractional price', { chip_price: 1.5 }],
    ['a price as text', { chip_price: '3' }],
    ['a huge price', { chip_price: 1e308 }],
    ['a context window under 1k', { context_window: 999 }],
    ['a context window over 2M', { context_window: 2_000_001 }],
    ['an unknown provider', { provider: 'anthropic' }],
    ['an upstream id with spaces', { upstream_model: 'gpt 4' }],
  ])('refuses %s with 10001', async (_name, patch) => {
    const body = { ...modelBody(fake), ...patch };
    const res = await ops.call('POST', '', body);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(10001);
    expect(await auditOf(t, `model:${body.id}`)).toEqual([]);
  });

  it('takes the limits themselves', async () => {
    const body = modelBody(fake, { name: '名'.repeat(30), chip_price: 10_000, context_window: 2_000_000 });
    expect((await ops.call('POST', '', body)).body.code).toBe(0);
    const free = modelBody(fake, { chip_price: 0, context_window: 1_000 });
    expect((await ops.call('POST', '', free)).body.code).toBe(0);
  });
});

describe('PUT /admin/model/{id}', () => {
  it('changes only what is sent: the key stays unless a new one comes, and chat uses the new settings', async () => {
    const created = await ops.create(modelBody(fake, { api_key: 'sk-first-key-00001111' }));
    const res = await ops.call('PUT', `/${created.id}`, { name: '改名了', chip_price: 9 });
    expect(res.body.data).toMatchObject({ name: '改名了', chip_price: 9, api_key_masked: 'sk-****1111' });
    expect((await publicModels()).find((m) => m.id === created.id)).toMatchObject({
      name: '改名了',
      chip_price: 9,
    });

    fake.once({ deltas: ['一'] }, created.upstream_model);
    await ops.test(created.id);
    expect(fake.requestsFor(created.upstream_model).at(-1)!.authorization).toBe(
      'Bearer sk-first-key-00001111',
    );

    const rekeyed = await ops.call('PUT', `/${created.id}`, { api_key: 'sk-second-key-22223333' });
    expect(rekeyed.body.data.api_key_masked).toBe('sk-****3333');
    fake.once({ deltas: ['二'] }, created.upstream_model);
    await ops.test(created.id);
    expect(fake.requestsFor(created.upstream_model).at(-1)!.authorization).toBe(
      'Bearer sk-second-key-22223333',
    );

    const updates = (await auditOf(t, `model:${created.id}`)).filter((r) => r.action === 'model.update');
    expect(updates.map((r) => r.detail)).toEqual([
      { fields: ['name', 'chip_price'], key_changed: false },
      { fields: ['api_key'], key_changed: true },
    ]);
    expect(updates[0]!.before).toMatchObject({ name: '测试模型', chip_price: 3 });
    expect(updates[0]!.after).toMatchObject({ name: '改名了', chip_price: 9 });
    expect(updates[1]!.before).toMatchObject({ api_key_masked: 'sk-****1111' });
    expect(updates[1]!.after).toMatchObject({ api_key_masked: 'sk-****3333' });
    expect(JSON.stringify(updates)).not.toMatch(/first-key|second-key/);
  });

  it('writes nothing when nothing changes, and refuses an empty or unknown edit', async () => {
    const created = await ops.create(modelBody(fake));
    const same = await ops.call('PUT', `/${created.id}`, { chip_price: created.chip_price });
    expect(same.body.code).toBe(0);
    expect((await auditOf(t, `model:${created.id}`)).map((r) => r.action)).toEqual(['model.create']);
    expect((await ops.call('PUT', `/${created.id}`, {})).body).toMatchObject({ code: 10001 });
    expect((await ops.call('PUT', '/no-such-model', { chip_price: 1 })).body).toMatchObject({
      code: 10004,
      msg: '模型不存在',
    });
    expect((await ops.call('PUT', '/Bad%20Id', { chip_price: 1 })).body.code).toBe(10001);
    expect((await ops.call('PUT', `/${created.id}`, { chip_price: 99_999_999_999 })).body.code).toBe(10001);
    expect((await ops.call('PUT', `/${created.id}`, { name: '\ud800' })).body.code).toBe(10001);
  });

  it("makes an environment model the console's once an operator edits what the environment sets", async () => {
    expect((await ops.one(envModel))!.source).toBe('env');
    await ops.call('PUT', `/${envModel}`, { enabled: true });
    expect((await ops.one(envModel))!.source).toBe('env');
    const res = await ops.call('PUT', `/${envModel}`, { chip_price: 4 });
    expect(res.body.data).toMatchObject({ source: 'console', chip_price: 4 });
  });

  it('refuses an address or a key for the offline model', async () => {
    const res = await ops.call('PUT', '/offline', { base_url: 'https://example.com/v1' });
    expect(res.body).toMatchObject({ code: 10001, msg: '离线模型无需接口地址、API Key 或上游模型' });
  });

  it('hides a disabled model from users and refuses it in chat at once, and shows it again', async () => {
    const created = await ops.create(modelBody(fake));
    const off = await ops.call('PUT', `/${created.id}`, { enabled: false });
    expect(off.body.data.enabled).toBe(false);
    expect((await publicModels()).map((m) => m.id)).not.toContain(created.id);
    expect((await ops.one(created.id))!.enabled).toBe(false);
    await ops.call('PUT', `/${created.id}`, { enabled: true });
    expect((await publicModels()).map((m) => m.id)).toContain(created.id);
  });
});
