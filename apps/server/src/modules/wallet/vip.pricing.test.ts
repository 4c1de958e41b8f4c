import type { BotDetail, ChipRecord, ModelInfo, MyBot, Page } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { botForm } from '../../../test/bots.js';
import { fakeModels, newConversation, openReply, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { DAY, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { ManualClock } from '../../platform/clock.js';
import { memberPrice } from '../account/entitlements.service.js';

let t: TestApp;
let fake: FakeOpenAi;
let ids: Record<string, string>;
/** List prices and what a member pays at the default 20 % off, rounded up, never below 1. */
const PRICES = { 'p-free': [0, 0], 'p-one': [1, 1], 'p-three': [3, 3], 'p-ten': [10, 8] } as const;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, {
    'p-free': { price: 0 },
    'p-one': { price: 1 },
    'p-three': { price: 3 },
    'p-ten': { price: 10 },
    'p-vip': { price: 5, vip: true },
  });
  ids = m.ids;
  const clock = new ManualClock(new Date('2020-06-01T00:00:00Z'));
  t = await (await startTestApp({ clock, env: { ...m.env, CHAT_RATE_PER_MINUTE: '1000' } })).listen();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function member(days = 30) {
  const me = await t.login();
  await t.db.transaction((tx) =>
    t.modules.wallet.membership.extend(tx, {
      userId: me.user.id,
      tier: 'month',
      days,
      monthlyChips: 300,
      tierName: '月度会员',
      ref: `test:${me.user.id}`,
    }),
  );
  return me;
}

const models = async (token?: string) =>
  new Map(
    (await t.call<{ list: ModelInfo[] }>('GET', '/api/v1/model', { token })).body.data.list.map((m) => [
      m.id,
      m,
    ]),
  );
const chatCharges = async (token: string) =>
  (await t.call<Page<ChipRecord>>('GET', '/api/v1/chip/record', { token })).body.data.list.filter(
    (r) => r.reason === 'chat',
  );
const preview = async (token: string, model: string) => {
  const s = await openReply(t, '/api/v1/bot/preview', {
    token,
    body: { bot: botForm({ model_id: model }), messages: [{ role: 'user', content: '你好' }] },
  });
  return { ...s, events: await s.rest() };
};

describe('the member price', () => {
  it('is the list price less the discount, rounded up, never below 1 for a priced model', () => {
    expect(memberPrice(0, 20)).toBe(0);
    expect(memberPrice(1, 20)).toBe(1);
    expect(memberPrice(3, 20)).toBe(3); // 2.4 rounds up
    expect(memberPrice(10, 20)).toBe(8);
    expect(memberPrice(7, 20)).toBe(6); // 5.6
    expect(memberPrice(5, 100)).toBe(1);
    expect(memberPrice(5, 0)).toBe(5);
  });

  it('is what /model shows a member; others see the list price', async () => {
    const { token } = await member();
    const { token: plain } = await t.login();
    const mine = await models(token);
    const theirs = await models(plain);
    const anonymous = await models();
    for (const [name, [base, paid]] of Object.entries(PRICES)) {
      expect(mine.get(ids[name]!)).toMatchObject({ chip_price: paid, base_chip_price: base });
      expect(theirs.get(ids[name]!)).toMatchObject({ chip_price: base, base_chip_price: base });
      expect(anonymous.get(ids[name]!)).toMatchObject({ chip_price: base, base_chip_price: base });
    }
    expect(mine.get(ids['p-vip']!)).toMatchObject({ chip_price: 4, base_chip_price: 5, vip_only: true });
    expect(theirs.has(ids['p-vip']!)).toBe(false);
  });

  it('is what a bot page shows the member for its model', async () => {
    const { token } = await member();
    const { token: plain } = await t.login();
    const bot = await t.call<MyBot>('POST', '/api/v1/bot', {
      token,
      body: botForm({ model_id: ids['p-ten'] }),
    });
    const id = bot.body.data.id;
    const detail = async (tk: string) =>
      (await t.call<BotDetail>('GET', `/api/v1/bot/${id}`, { token: tk })).body.data;
    expect((await detail(token)).model).toMatchObject({ chip_price: 8, base_chip_price: 10 });
    // A private bot: another user does not see it at all.
    expect((await t.call('GET', `/api/v1/bot/${id}`, { token: plain })).body.code).toBe(10004);
  });

  it('is what a member is held and charged in chat: 1 → 1, 3 → 3, 10 → 8, 0 → 0', async () => {
    const { token } = await member();
    const c = await newConversation(t, token);
    let balance = 100 + 300;
    for (const [name, [, paid]] of Object.entries(PRICES)) {
      fake.once({ deltas: ['好的'] }, ids[name]!);
      const sent = await sendMessage(t, token, c.id, { content: '你好', model_id: ids[name] });
      balance -= paid;
      expect(sent.events.at(-1)).toMatchObject({ event: 'done', data: { chips_charged: paid, balance } });
    }
    expect((await chatCharges(token)).map((r) => -r.delta)).toEqual([8, 3, 1]);
  });

  it('is what a member pays for a preview', async () => {
    const { token } = await member();
    fake.once({ deltas: ['预览'] }, ids['p-ten']!);
    const res = await preview(token, ids['p-ten']!);
    expect(res.events.at(-1)).toMatchObject({ event: 'done', data: { chips_charged: 8, balance: 392 } });
  });

  it('is refused with the member price when the member cannot pay it', async () => {
    const { token, user } = await member();
    await t.modules.wallet.apply({
      userId: user.id,
      delta: -393,
      reason: 'admin',
      idempotencyKey: `test:drain:${user.id}`,
    });
    const c = await newConversation(t, token);
    const res = await sendMessage(t, token, c.id, { content: '你好', model_id: ids['p-ten'] });
    expect(res.envelope).toMatchObject({ code: 30001, data: { balance: 7, price: 8 } });
  });
});

describe('a lapsed member', () => {
  it('pays the list price again and is refused the VIP-only models in chat and preview', async () => {
    const { phone, token: memberToken } = await member(10);
    fake.once({ deltas: ['会员'] }, ids['p-vip']!);
    const c = await newConversation(t, memberToken);
    const vipReply = await sendMessage(t, memberToken, c.id, { content: '你好', model_id: ids['p-vip'] });
    expect(vipReply.events.at(-1)).toMatchObject({ event: 'done', data: { chips_charged: 4 } });

    t.clock.advance(10 * DAY);
    const { token } = await t.login(phone);
    expect((await models(token)).get(ids['p-ten']!)).toMatchObject({ chip_price: 10, base_chip_price: 10 });
    expect((await models(token)).has(ids['p-vip']!)).toBe(false);

    fake.once({ deltas: ['好的'] }, ids['p-ten']!);
    const sent = await sendMessage(t, token, c.id, { content: '你好', model_id: ids['p-ten'] });
    expect(sent.events.at(-1)).toMatchObject({ event: 'done', data: { chips_charged: 10 } });

    const refusal = {
      code: 10003,
      msg: '该模型仅限会员使用，开通会员即可使用',
      data: { vip_only: true },
    };
    const before = fake.requestsFor(ids['p-vip']!).length;
    const chat = await sendMessage(t, token, c.id, { content: '你好', model_id: ids['p-vip'] });
    expect(chat.envelope).toMatchObject(refusal);
    const pre = await preview(token, ids['p-vip']!);
    expect(pre.envelope).toMatchObject(refusal);
    expect(fake.requestsFor(ids['p-vip']!)).toHaveLength(before);
    expect((await chatCharges(token)).map((r) => -r.delta)).toEqual([10, 4]);
  });
});
