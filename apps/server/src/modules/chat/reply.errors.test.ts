import type { ChatMessage, Page } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeScript } from '../../../test/fake-openai.js';
import { DAY, startTestApp, type TestApp } from '../../../test/helpers.js';
import { users } from '../../db/schema/account.js';
import { chipHolds, chipLedger } from '../../db/schema/wallet.js';

let t: TestApp;
let fake: FakeOpenAi;
let model: string;
let vipModel: string;
const PRICE = 3;
const TIMEOUT_MS = 600;
const RATE = 5;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'fake-err': { price: PRICE }, 'fake-vip': { price: 5, vip: true } });
  model = m.ids['fake-err']!;
  vipModel = m.ids['fake-vip']!;
  const env = { ...m.env, LLM_TIMEOUT_MS: String(TIMEOUT_MS), CHAT_RATE_PER_MINUTE: String(RATE) };
  t = await (await startTestApp({ env })).listen();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const messages = async (token: string, conversationId: number) =>
  (await t.call<Page<ChatMessage>>('GET', `/api/v1/conversation/${conversationId}/message`, { token })).body
    .data.list;
const balance = async (token: string) =>
  (await t.call<{ chips: number }>('GET', '/api/v1/user', { token })).body.data.chips;

/** Sends one message whose reply the fake answers with `script`; returns the events and the user's state. */
async function replyWith(script: FakeScript) {
  const { token, user } = await t.login();
  const c = await newConversation(t, token);
  fake.once(script, model);
  const sent = await sendMessage(t, token, c.id, { content: '你好', model_id: model });
  return { token, user, c, sent, events: sent.events };
}

/** A failed reply: marked, not charged, and its hold let go so the user can send again at full balance. */
async function expectFailedAndFree(r: Awaited<ReturnType<typeof replyWith>>, partial: string) {
  const error = r.events.at(-1)!;
  expect(error.event).toBe('error');
  expect(error.data.code).toBe(30002);
  const [reply] = await messages(r.token, r.c.id);
  expect(reply).toMatchObject({ status: 'failed', content: partial, chips: 0, error: error.data.msg });
  const ledger = await t.db
    .select()
    .from(chipLedger)
    .where(and(eq(chipLedger.userId, r.user.id), eq(chipLedger.reason, 'chat')));
  expect(ledger).toHaveLength(0);
  expect(await t.db.select().from(chipHolds).where(eq(chipHolds.userId, r.user.id))).toHaveLength(0);
  expect(await balance(r.token)).toBe(r.user.chips);
  fake.once({ deltas: ['好的'] }, model);
  const again = await sendMessage(t, r.token, r.c.id, { content: '再试一次', model_id: model });
  expect(again.events.at(-1)!.data).toMatchObject({ chips_charged: PRICE, balance: r.user.chips - PRICE });
  return error.data.msg!;
}

describe('upstream failures become an error event; the reply is failed and free', () => {
  it('a bad key (401)', async () => {
    const r = await replyWith({ status: 401 });
    expect(r.events.map((e) => e.event)).toEqual(['start', 'error']);
    expect(await expectFailedAndFree(r, '')).toBe('模型服务鉴权失败，请联系管理员检查模型配置');
  });

  it('a rate limit (429)', async () => {
    const r = await replyWith({ status: 429 });
    expect(await expectFailedAndFree(r, '')).toContain('模型服务繁忙');
  });

  it('a server error (500)', async () => {
    const r = await replyWith({ status: 500 });
    expect(await expectFailedAndFree(r, '')).toContain('模型服务出错');
  });

  it('a stream that breaks halfway keeps the partial text', async () => {
    const r = await replyWith({ deltas: ['春眠', '不觉晓，', '处处', '闻啼鸟。'], breakAfter: 2 });
    expect(r.events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'error']);
    expect(await expectFailedAndFree(r, '春眠不觉晓，')).toBe('模型服务的回复意外中断');
  });

  it('an upstream that never answers times out after LLM_TIMEOUT_MS', async () => {
    const startedAt = Date.now();
    const r = await replyWith({ hang: true });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(await expectFailedAndFree(r, '')).toBe('模型服务响应超时，请稍后再试');
    const rec = fake.requestsFor(model).find((q) => q.clientClosedAt !== null && !q.finished);
    expect(rec).toBeDefined();
  });

  it('a stream that stalls halfway times out too, keeping the partial text', async () => {
    const startedAt = Date.now();
    const r = await replyWith({ deltas: ['一', '二', '三'], hangAfter: 1 });
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS * 5);
    expect(r.events.map((e) => e.event)).toEqual(['start', 'delta', 'error']);
    expect(await expectFailedAndFree(r, '一')).toBe('模型服务响应超时，请稍后再试');
  });
});

describe('refusals before the stream are envelopes, and nothing is written or sent upstream', () => {
  async function refused(token: string, conversationId: number, body: unknown) {
    const before = fake.requests.length;
    const res = await t.call('POST', `/api/v1/conversation/${conversationId}/message`, { token, body });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(fake.requests.length).toBe(before);
    return res.body;
  }

  it('refuses empty and over-long content', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    expect(await refused(token, c.id, { content: '   ', model_id: model })).toMatchObject({
      code: 10001,
      msg: '请输入消息内容',
    });
    expect(await refused(token, c.id, { content: '字'.repeat(4001), model_id: model })).toMatchObject({
      code: 10001,
      msg: '消息最多4000个字',
    });
    expect(await messages(token, c.id)).toEqual([]);
  });

  it("refuses someone else's conversation and a deleted one", async () => {
    const me = await t.login();
    const other = await t.login();
    const c = await newConversation(t, other.token);
    expect(await refused(me.token, c.id, { content: '你好', model_id: model })).toMatchObject({
      code: 10004,
    });
    expect(await messages(other.token, c.id)).toEqual([]);

    const mine = await newConversation(t, me.token);
    await t.call('DELETE', `/api/v1/conversation/${mine.id}`, { token: me.token });
    expect(await refused(me.token, mine.id, { content: '你好', model_id: model })).toMatchObject({
      code: 10004,
    });
  });

  it('refuses an unknown model and a VIP-only model for a non-VIP', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    expect(await refused(token, c.id, { content: '你好', model_id: 'no-such-model' })).toMatchObject({
      code: 10001,
      msg: '该模型不存在或已停用',
    });
    expect(await refused(token, c.id, { content: '你好', model_id: vipModel })).toMatchObject({
      code: 10003,
      msg: '该模型仅限会员使用，开通会员即可使用',
    });
    const listed = await t.call<{ list: { id: string }[] }>('GET', '/api/v1/model', { token });
    expect(listed.body.data.list.map((m) => m.id)).toContain(model);
    expect(listed.body.data.list.map((m) => m.id)).not.toContain(vipModel);
    expect(await messages(token, c.id)).toEqual([]);

    // A VIP may use it, at the member's price (5 chips, 20 % off: 4).
    const vipUntil = new Date(t.clock.now().getTime() + 30 * DAY);
    await t.db.update(users).set({ vipExpiresAt: vipUntil }).where(eq(users.id, user.id));
    fake.once({ deltas: ['会员你好'] }, vipModel);
    const sent = await sendMessage(t, token, c.id, { content: '你好', model_id: vipModel });
    expect(sent.events.at(-1)!.data).toMatchObject({ chips_charged: 4 });
  });

  it(`limits sending to CHAT_RATE_PER_MINUTE (${RATE}) per user`, async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    for (let i = 0; i < RATE; i++) {
      const sent = await sendMessage(t, token, c.id, { content: `第${i + 1}条`, model_id: model });
      expect(sent.events.at(-1)!.event).toBe('done');
    }
    const res = await refused(token, c.id, { content: '再来一条', model_id: model });
    expect(res.code).toBe(10029);
    expect(res.msg).toMatch(/^发送消息过于频繁，请\d+秒后再试$/);
    expect(await messages(token, c.id)).toHaveLength(2 * RATE);

    const other = await t.login();
    const theirs = await newConversation(t, other.token);
    const sent = await sendMessage(t, other.token, theirs.id, { content: '我没超', model_id: model });
    expect(sent.events.at(-1)!.event).toBe('done');

    t.clock.advance(61_000);
    const again = await sendMessage(t, token, c.id, { content: '一分钟后', model_id: model });
    expect(again.events.at(-1)!.event).toBe('done');
  });
});
