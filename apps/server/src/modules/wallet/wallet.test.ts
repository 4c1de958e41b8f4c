import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChipRecord, Conversation, Page } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { users } from '../../db/schema/account.js';
import { chipLedger } from '../../db/schema/wallet.js';
import { AppError } from '../../platform/errors.js';
import { WalletService } from './wallet.service.js';

let t: TestApp;
let fake: FakeOpenAi;
let wallet: WalletService;
let model: string;
const PRICE = 10;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'fake-wallet': { price: PRICE } });
  model = m.ids['fake-wallet']!;
  t = await (await startTestApp({ env: { ...m.env, CHAT_RATE_PER_MINUTE: '1000' } })).listen();
  wallet = new WalletService(t.db, t.clock);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const balanceOf = async (userId: number) =>
  (await t.db.select({ chips: users.chips }).from(users).where(eq(users.id, userId)))[0]!.chips;
const ledgerOf = (userId: number) => t.db.select().from(chipLedger).where(eq(chipLedger.userId, userId));

/** Brings a balance to `target` the only way chips move: a ledger change through the wallet. */
async function setBalance(userId: number, target: number) {
  const delta = target - (await balanceOf(userId));
  if (delta === 0) return;
  await wallet.apply({
    userId,
    delta,
    reason: 'admin',
    idempotencyKey: `test:${randomUUID()}`,
    note: '测试',
  });
}

describe('the signup bonus', () => {
  it('is one ledger row on the first login only', async () => {
    const settings = await t.call<{ signup_bonus: number }>('GET', '/api/v1/setting');
    const bonus = settings.body.data.signup_bonus;
    const phone = randomPhone();
    const { user } = await t.login(phone);
    expect(user.chips).toBe(bonus);
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: bonus, balanceAfter: bonus, reason: 'signup_bonus' });

    t.clock.advance(61_000);
    const again = await t.login(phone);
    expect(again.user.id).toBe(user.id);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(bonus);
  });
});

describe('paying for replies', () => {
  it('refuses a reply the balance cannot pay with 30001, before any upstream call and writing nothing', async () => {
    const { token, user } = await t.login();
    await setBalance(user.id, PRICE - 1);
    const c = await newConversation(t, token);
    const before = fake.requests.length;
    const res = await t.call('POST', `/api/v1/conversation/${c.id}/message`, {
      token,
      body: { content: '你好', model_id: model },
    });
    expect(res.body).toMatchObject({
      code: 30001,
      msg: '芯片余额不足，请前往会员中心充值',
      data: { balance: PRICE - 1, price: PRICE },
    });
    expect(fake.requests.length).toBe(before);
    const list = await t.call<Page<ChatMessage>>('GET', `/api/v1/conversation/${c.id}/message`, { token });
    expect(list.body.data.list).toEqual([]);
    const detail = await t.call<Conversation>('GET', `/api/v1/conversation/${c.id}`, { token });
    expect(detail.body.data.message_count).toBe(0);
    expect(await balanceOf(user.id)).toBe(PRICE - 1);
  });

  it('lets exactly 10 of 50 concurrent sends through on a balance worth 10 replies', async () => {
    const { token, user } = await t.login();
    await setBalance(user.id, 10 * PRICE);
    const conversations = await Promise.all(Array.from({ length: 50 }, () => newConversation(t, token)));
    fake.script({ deltas: ['好', '的'], deltaDelayMs: 30 }, model);
    const before = fake.requestsFor(model).length;

    const results = await Promise.all(
      conversations.map((c, i) => sendMessage(t, token, c.id, { content: `第${i}条`, model_id: model })),
    );
    const done = results.filter((r) => r.events.at(-1)?.event === 'done');
    const refused = results.filter((r) => r.envelope);
    expect(done).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.envelope!.code).toBe(30001);
    for (const r of done) expect(r.events.at(-1)!.data.chips_charged).toBe(PRICE);
    expect(fake.requestsFor(model).length - before).toBe(10);

    expect(await balanceOf(user.id)).toBe(0);
    expect(await wallet.ledgerSum(user.id)).toBe(0);
    const rows = await ledgerOf(user.id);
    expect(rows.filter((r) => r.reason === 'chat')).toHaveLength(10);
    expect(Math.min(...rows.map((r) => r.balanceAfter))).toBeGreaterThanOrEqual(0);
  });
});

describe('a reply after the first checks the balance from memory', () => {
  // With the embedded database the wallet knows what a user can spend once a reply has settled, and the
  // database announces every change to it (migration 0009); on PostgreSQL every reply asks the database.
  it('follows a balance changed behind the services: the next send is refused, the model never asked', async () => {
    const { token, user } = await t.login();
    await setBalance(user.id, 3 * PRICE);
    const c = await newConversation(t, token);
    fake.script({ deltas: ['好'] }, model);
    for (const [content, balance] of [
      ['一', 2 * PRICE],
      ['二', PRICE],
    ] as const) {
      const sent = await sendMessage(t, token, c.id, { content, model_id: model });
      expect(sent.events.at(-1)!.data).toMatchObject({ chips_charged: PRICE, balance });
    }

    await setBalance(user.id, PRICE - 1);
    const before = fake.requestsFor(model).length;
    const refused = await sendMessage(t, token, c.id, { content: '三', model_id: model });
    expect(refused.envelope).toMatchObject({ code: 30001 });
    expect(fake.requestsFor(model).length).toBe(before);

    await setBalance(user.id, PRICE);
    const paid = await sendMessage(t, token, c.id, { content: '四', model_id: model });
    expect(paid.events.at(-1)!.data).toMatchObject({ chips_charged: PRICE, balance: 0 });
    expect(await wallet.ledgerSum(user.id)).toBe(0);
  });

  it('lets exactly as many concurrent sends through as the balance pays for, asking the model for each once', async () => {
    const { token, user } = await t.login();
    await setBalance(user.id, 8 * PRICE);
    const conversations = await Promise.all(Array.from({ length: 30 }, () => newConversation(t, token)));
    fake.script({ deltas: ['好', '的'], deltaDelayMs: 20 }, model);
    // One reply first, so that the wallet knows the balance; then 30 at once for the 7 it still pays for.
    await sendMessage(t, token, conversations[0]!.id, { content: '先来一条', model_id: model });
    const before = fake.requestsFor(model).length;
    const results = await Promise.all(
      conversations.map((c, i) => sendMessage(t, token, c.id, { content: `第${i}条`, model_id: model })),
    );
    const done = results.filter((r) => r.events.at(-1)?.event === 'done');
    expect(done).toHaveLength(7);
    expect(results.filter((r) => r.envelope?.code === 30001)).toHaveLength(23);
    expect(fake.requestsFor(model).length - before).toBe(7);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await wallet.ledgerSum(user.id)).toBe(0);
  });
});

describe('WalletService.apply', () => {
  it('moves chips once for one idempotency key, applied twice in a row', async () => {
    const { user } = await t.login();
    const start = await balanceOf(user.id);
    const change = {
      userId: user.id,
      delta: 7,
      reason: 'admin' as const,
      idempotencyKey: `k:${randomUUID()}`,
    };
    expect(await wallet.apply(change)).toEqual({ balance: start + 7, applied: true });
    expect(await wallet.apply(change)).toEqual({ balance: start + 7, applied: false });
    expect(await balanceOf(user.id)).toBe(start + 7);
    expect(await wallet.ledgerSum(user.id)).toBe(start + 7);
  });

  it('moves chips once for one idempotency key, applied concurrently', async () => {
    const { user } = await t.login();
    const start = await balanceOf(user.id);
    const change = {
      userId: user.id,
      delta: 5,
      reason: 'admin' as const,
      idempotencyKey: `k:${randomUUID()}`,
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => wallet.apply(change)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    for (const r of results) expect(r.balance).toBe(start + 5);
    expect(await balanceOf(user.id)).toBe(start + 5);
    const rows = await t.db
      .select()
      .from(chipLedger)
      .where(and(eq(chipLedger.userId, user.id), eq(chipLedger.idempotencyKey, change.idempotencyKey)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a debit that would take the balance below zero, and writes nothing', async () => {
    const { user } = await t.login();
    const start = await balanceOf(user.id);
    const key = `k:${randomUUID()}`;
    const err = await wallet
      .apply({ userId: user.id, delta: -(start + 1), reason: 'admin', idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(30001);
    expect(await balanceOf(user.id)).toBe(start);
    expect(await t.db.select().from(chipLedger).where(eq(chipLedger.idempotencyKey, key))).toHaveLength(0);
    expect(
      await wallet.apply({ userId: user.id, delta: -start, reason: 'admin', idempotencyKey: key }),
    ).toEqual({ balance: 0, applied: true });
  });
});

describe('GET /api/v1/chip/record', () => {
  it('pages the records newest first', async () => {
    const { token, user } = await t.login();
    for (const [i, delta] of [3, -2, 4, -1].entries()) {
      t.clock.advance(1000);
      await wallet.apply({
        userId: user.id,
        delta,
        reason: 'admin',
        idempotencyKey: `k:${randomUUID()}`,
        note: `第${i + 1}次`,
      });
    }
    const seen: ChipRecord[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const res = await t.call<Page<ChipRecord>>('GET', `/api/v1/chip/record?limit=2${q}`, { token });
      expect(res.body.code).toBe(0);
      expect(res.body.data.list.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.list);
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(seen.map((r) => r.delta)).toEqual([-1, 4, -2, 3, user.chips]);
    expect(new Set(seen.map((r) => r.id)).size).toBe(5);
    expect(seen.map((r) => r.id)).toEqual([...seen.map((r) => r.id)].sort((a, b) => b - a));
    expect(seen[0]).toMatchObject({
      reason: 'admin',
      title: '系统调整·第4次',
      balance_after: user.chips + 4,
    });
    expect(seen.at(-1)).toMatchObject({ reason: 'signup_bonus', title: '新用户注册奖励' });

    const bad = await t.call('GET', '/api/v1/chip/record?cursor=nonsense', { token });
    expect(bad.body.code).toBe(10001);
    const anon = await t.call('GET', '/api/v1/chip/record');
    expect(anon.body.code).toBe(20003);
  });
});
