import type { CreatorEarning, EarningRecord, Page } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, publishedBot, startCreationApp } from '../../../test/bots.js';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import type { TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { creatorFen } from './earnings.service.js';

let t: TestApp;
let admin: { token: string; phone: string };
let fake: FakeOpenAi;
let seven: string;
let one: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'creator-seven': { price: 7 }, 'creator-one': { price: 1 } });
  seven = m.ids['creator-seven']!;
  one = m.ids['creator-one']!;
  ({ t, admin } = await startCreationApp({ ...m.env, CHAT_RATE_PER_MINUTE: '1000' }));
  fake.script({ deltas: ['好'] });
});
// Tests move the clock by days, and an operator's session ends after 12 idle hours (docs/admin.md, Access).
beforeEach(async () => {
  const me = await t.call('GET', '/api/v1/user', { token: admin.token });
  if (me.body.code !== 0) admin = await t.login(admin.phone);
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** `user` spends `times` replies of `model` on the bot. */
async function spend(token: string, botId: number, times: number, model = seven) {
  const c = await newConversation(t, token, botId);
  for (let i = 0; i < times; i++) {
    const res = await sendMessage(t, token, c.id, { content: `第${i}条`, model_id: model });
    expect(res.events.at(-1)?.event).toBe('done');
  }
}

const earningsOf = (userId: number) => t.modules.wallet.earnings.balances(userId);
const creatorRecords = async (token: string) =>
  (await t.call<Page<CreatorEarning>>('GET', '/api/v1/earnings/creator', { token })).body.data.list;
const settle = (day?: string) => t.modules.earnings.settleCreators(day);

describe('creator earnings', () => {
  it('counts what others spend on published bots, never the creator’s own, nothing for an unpublished bot', async () => {
    const creator = await t.login();
    const [b, c] = [await t.login(), await t.login()];
    const bot = await publishedBot(t, creator.token, admin.token, { name: '写作小帮手' });
    const takenDown = await publishedBot(t, creator.token, admin.token);
    const draft = await createBot(t, creator.token);

    await spend(b.token, bot.id, 2); // 14 chips
    await spend(c.token, bot.id, 1); // 7 chips
    await spend(creator.token, bot.id, 3); // the creator's own: not counted
    await spend(b.token, takenDown.id, 2);
    await spend(creator.token, draft.id, 2);
    const down = await t.call('PUT', `/api/v1/bot/${takenDown.id}/visibility`, {
      token: creator.token,
      body: { visibility: 'private' },
    });
    expect(down.body.code).toBe(0);

    // 2026-11-21, China time (the test clock is 16:00 there).
    await settle('2026-11-21');
    // 21 chips at 0.5 fen each: 10 fen, rounded down.
    expect(await earningsOf(creator.user.id)).toEqual({ earnings: 10, frozen: 0, debt: 0 });
    expect(await creatorRecords(creator.token)).toMatchObject([
      { bot_id: bot.id, bot_name: '写作小帮手', day: '2026-11-21', chips: 21, amount_fen: 10 },
    ]);
    const records = await t.call<Page<EarningRecord>>('GET', '/api/v1/earnings/record', {
      token: creator.token,
    });
    expect(records.body.data.list).toMatchObject([
      { reason: 'creator_revenue', delta_fen: 10, title: '创作收益·写作小帮手（2026-11-21）' },
    ]);
    expect(await creatorRecords(b.token)).toEqual([]);
    expect(await earningsOf(b.user.id)).toEqual({ earnings: 0, frozen: 0, debt: 0 });

    // Again, and three at once: nothing more.
    await settle('2026-11-21');
    await Promise.all([settle('2026-11-21'), settle('2026-11-21'), settle('2026-11-21')]);
    expect(await earningsOf(creator.user.id)).toEqual({ earnings: 10, frozen: 0, debt: 0 });
    expect(await creatorRecords(creator.token)).toHaveLength(1);

    // The next day's spending is the next day's; by default a run settles yesterday.
    t.clock.advance(86_400_000);
    await spend(c.token, bot.id, 2);
    expect(await settle()).toMatchObject({ day: '2026-11-21', bots: 0 });
    t.clock.advance(86_400_000);
    await settle();
    expect(await earningsOf(creator.user.id)).toEqual({ earnings: 17, frozen: 0, debt: 0 });
    expect((await creatorRecords(creator.token)).map((r) => [r.day, r.chips, r.amount_fen])).toEqual([
      ['2026-11-22', 14, 7],
      ['2026-11-21', 21, 10],
    ]);
  });

  it('settles a day once under 3 concurrent first runs, and records a day too small to make a fen', async () => {
    const creator = await t.login();
    const user = await t.login();
    const bot = await publishedBot(t, creator.token, admin.token);
    const small = await publishedBot(t, creator.token, admin.token);
    const day = '2026-11-24';
    t.clock.set(new Date('2026-11-24T02:00:00Z'));
    await spend(user.token, bot.id, 3); // 21 chips → 10 fen
    await spend(user.token, small.id, 1, one); // 1 chip → 0 fen
    await Promise.all([settle(day), settle(day), settle(day)]);
    expect(await earningsOf(creator.user.id)).toEqual({ earnings: 10, frozen: 0, debt: 0 });
    const rows = await creatorRecords(creator.token);
    expect(rows.map((r) => [r.bot_id, r.chips, r.amount_fen]).sort()).toEqual(
      [
        [bot.id, 21, 10],
        [small.id, 1, 0],
      ].sort(),
    );
    const records = await t.call<Page<EarningRecord>>('GET', '/api/v1/earnings/record', {
      token: creator.token,
    });
    expect(records.body.data.list).toHaveLength(1);
  });

  it('pays a creator’s earnings debt first', async () => {
    const creator = await t.login();
    const user = await t.login();
    const bot = await publishedBot(t, creator.token, admin.token);
    await t.modules.wallet.earnings.apply(
      {
        userId: creator.user.id,
        delta: -4,
        reason: 'commission_reversal',
        idempotencyKey: `test:debt:${creator.user.id}`,
      },
      { allowDebt: true },
    );
    t.clock.set(new Date('2026-11-26T02:00:00Z'));
    await spend(user.token, bot.id, 2); // 14 chips → 7 fen, 4 of it to the debt
    await settle('2026-11-26');
    expect(await earningsOf(creator.user.id)).toEqual({ earnings: 3, frozen: 0, debt: 0 });
  });

  it('rounds the rate without floating-point loss', () => {
    expect(creatorFen(21, 0.5)).toBe(10);
    expect(creatorFen(100, 0.29)).toBe(29);
    expect(creatorFen(3, 0.7)).toBe(2);
    expect(creatorFen(1_000_000_000, 0.5)).toBe(500_000_000);
    expect(creatorFen(5, 0)).toBe(0);
  });
});
