import type { ModelInfo, MyBot } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { botForm, makeVip, startCreationApp } from '../../../test/bots.js';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditOf, consoleOf, modelBody } from '../../../test/models.js';

/*
 * The console's rules for the default, deleting and ordering models, and what chat sees of a change at once
 * (docs/admin.md, Models and prices).
 */

let t: TestApp;
let fake: FakeOpenAi;
let ops: ReturnType<typeof consoleOf>;
let envModel: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'env-listed': { price: 2 } });
  envModel = m.ids['env-listed']!;
  const started = await startCreationApp({ ...m.env, CHAT_RATE_PER_MINUTE: '100' });
  t = started.t;
  ops = consoleOf(t, started.admin.token);
});
afterEach(async () => {
  // The offline model stays the platform default between tests.
  await ops.call('POST', '/offline/default');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const defaults = async () => (await ops.list()).filter((m) => m.is_default).map((m) => m.id);

describe('the default model', () => {
  it('is exactly one, enabled and open to all, moved in one audited step', async () => {
    const created = await ops.create(modelBody(fake));
    const res = await ops.call('POST', `/${created.id}/default`);
    expect(res.body.data).toMatchObject({ id: created.id, is_default: true });
    expect(await defaults()).toEqual([created.id]);
    const [row] = (await auditOf(t, `model:${created.id}`)).filter((r) => r.action === 'model.default');
    expect(row).toMatchObject({ before: { default: 'offline' }, after: { default: created.id } });

    expect((await ops.call('PUT', `/${created.id}`, { enabled: false })).body).toMatchObject({
      code: 10009,
      msg: '默认模型不能停用，请先把其他模型设为默认',
    });
    expect((await ops.call('PUT', `/${created.id}`, { vip_only: true })).body.code).toBe(10009);
    expect((await ops.call('DELETE', `/${created.id}`)).body).toMatchObject({
      code: 10009,
      msg: '默认模型不能删除，请先把其他模型设为默认',
    });
  });

  it('refuses a disabled or VIP-only model, and an unknown one', async () => {
    const disabled = await ops.create(modelBody(fake, { enabled: false }));
    expect((await ops.call('POST', `/${disabled.id}/default`)).body).toMatchObject({
      code: 10009,
      msg: '请先启用该模型，再设为默认',
    });
    const vip = await ops.create(modelBody(fake, { vip_only: true }));
    expect((await ops.call('POST', `/${vip.id}/default`)).body).toMatchObject({
      code: 10009,
      msg: '仅限会员的模型不能设为默认',
    });
    expect((await ops.call('POST', '/no-such/default')).body.code).toBe(10004);
    expect(await defaults()).toEqual(['offline']);
  });

  it('moves once for 50 identical requests at once', async () => {
    const created = await ops.create(modelBody(fake));
    const all = await Promise.all(
      Array.from({ length: 50 }, () => ops.call('POST', `/${created.id}/default`)),
    );
    expect(all.map((r) => r.body.code)).toEqual(Array(50).fill(0));
    expect(await defaults()).toEqual([created.id]);
    const moves = (await auditOf(t, `model:${created.id}`)).filter((r) => r.action === 'model.default');
    expect(moves).toHaveLength(1);
  });

  it('answers chat for a bot without a model of its own, at once', async () => {
    const created = await ops.create(modelBody(fake));
    await ops.call('POST', `/${created.id}/default`);
    const { token } = await t.login();
    const c = await newConversation(t, token);
    fake.once({ deltas: ['默认', '模型'] }, created.upstream_model);
    const sent = await sendMessage(t, token, c.id, { content: '你好' });
    expect(sent.events.at(-1)!.event).toBe('done');
    expect(fake.requestsFor(created.upstream_model)).toHaveLength(1);
  });
});

describe('DELETE /admin/model/{id}', () => {
  it('deletes an unused model, audited', async () => {
    const created = await ops.create(modelBody(fake));
    expect((await ops.call('DELETE', `/${created.id}`)).body).toMatchObject({ code: 0, data: { ok: true } });
    expect(await ops.one(created.id)).toBeUndefined();
    const rows = await auditOf(t, `model:${created.id}`);
    expect(rows.map((r) => r.action)).toEqual(['model.create', 'model.delete']);
    expect(rows[1]!.before).toMatchObject({ id: created.id });
    expect(JSON.stringify(rows[1])).not.toContain('sk-console-key');
    expect((await ops.call('DELETE', `/${created.id}`)).body.code).toBe(10004);
  });

  it('refuses a model bots use, with their count; disabling it sends them to the default', async () => {
    const created = await ops.create(modelBody(fake));
    const { token } = await t.login();
    const bot = await t.call<MyBot>('POST', '/api/v1/bot', {
      token,
      body: botForm({ model_id: created.id }),
    });
    expect(bot.body.code).toBe(0);
    expect((await ops.one(created.id))!.bot_count).toBe(1);
    expect((await ops.call('DELETE', `/${created.id}`)).body).toMatchObject({
      code: 10009,
      msg: '有1个智能体正在使用该模型，不能删除；可以停用它（这些智能体会改用默认模型）',
    });
    await ops.call('PUT', `/${created.id}`, { enabled: false });
    const c = await newConversation(t, token, bot.body.data.id);
    const sent = await sendMessage(t, token, c.id, { content: '你好' });
    expect(sent.events.at(-1)!.event).toBe('done');
    expect(fake.requestsFor(created.upstream_model)).toHaveLength(0);
  });

  it('refuses the offline model and a model LLM_MODELS lists', async () => {
    expect((await ops.call('DELETE', '/offline')).body).toMatchObject({
      code: 10009,
      msg: '离线模型是内置模型，不能删除',
    });
    expect((await ops.call('DELETE', `/${envModel}`)).body.msg).toContain('LLM_MODELS');
    expect(await ops.one(envModel)).toBeDefined();
  });

  it('lets the offline model be disabled when it is not the default', async () => {
    const created = await ops.create(modelBody(fake));
    expect((await ops.call('PUT', '/offline', { enabled: false })).body.code).toBe(10009);
    await ops.call('POST', `/${created.id}/default`);
    expect((await ops.call('PUT', '/offline', { enabled: false })).body.data.enabled).toBe(false);
    await ops.call('PUT', '/offline', { enabled: true });
  });
});

describe('PUT /admin/model/order', () => {
  it('orders every model as given, for the console and for users, audited', async () => {
    const a = await ops.create(modelBody(fake, { name: '甲' }));
    const b = await ops.create(modelBody(fake, { name: '乙' }));
    const ids = (await ops.list()).map((m) => m.id);
    const wanted = [b.id, a.id, ...ids.filter((id) => id !== a.id && id !== b.id)];
    const res = await ops.call<{ list: { id: string }[] }>('PUT', '/order', { ids: wanted });
    expect(res.body.data.list.map((m) => m.id)).toEqual(wanted);
    const users = (await t.call<{ list: ModelInfo[] }>('GET', '/api/v1/model')).body.data.list.map(
      (m) => m.id,
    );
    expect(users.slice(0, 2)).toEqual([b.id, a.id]);
    const [row] = await auditOf(t, 'model:*');
    expect(row).toMatchObject({ action: 'model.reorder', before: ids, after: wanted });
  });

  it('refuses a list that is not every model once', async () => {
    const ids = (await ops.list()).map((m) => m.id);
    expect((await ops.call('PUT', '/order', { ids: ids.slice(1) })).body).toMatchObject({
      code: 10009,
      msg: '模型列表已变化，请刷新后重试',
    });
    expect((await ops.call('PUT', '/order', { ids: [...ids, ids[0]] })).body.code).toBe(10001);
    expect((await ops.call('PUT', '/order', { ids: 'offline' })).body.code).toBe(10001);
    expect((await ops.call('PUT', '/order', { ids: [] })).body.code).toBe(10001);
  });
});

describe('a change reaches chat at once', () => {
  it('charges the new price, and refuses a disabled model', async () => {
    const created = await ops.create(modelBody(fake, { chip_price: 2 }));
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    fake.once({ deltas: ['好'] }, created.upstream_model);
    const first = await sendMessage(t, token, c.id, { content: '你好', model_id: created.id });
    expect(first.events.at(-1)!.data).toMatchObject({ chips_charged: 2 });

    await ops.call('PUT', `/${created.id}`, { chip_price: 5 });
    fake.once({ deltas: ['好'] }, created.upstream_model);
    const second = await sendMessage(t, token, c.id, { content: '再来', model_id: created.id });
    expect(second.events.at(-1)!.data).toMatchObject({ chips_charged: 5, balance: user.chips - 7 });

    await ops.call('PUT', `/${created.id}`, { enabled: false });
    const refused = await sendMessage(t, token, c.id, { content: '还在吗', model_id: created.id });
    expect(refused.envelope).toMatchObject({ code: 10001, msg: '该模型不存在或已停用' });
  });

  it('makes a model VIP-only for users at once', async () => {
    const created = await ops.create(modelBody(fake));
    const { token, user } = await t.login();
    await ops.call('PUT', `/${created.id}`, { vip_only: true });
    const listed = async () =>
      (await t.call<{ list: ModelInfo[] }>('GET', '/api/v1/model', { token })).body.data.list.map(
        (m) => m.id,
      );
    expect(await listed()).not.toContain(created.id);
    await makeVip(t, user.id, 1);
    expect(await listed()).toContain(created.id);
  });
});
