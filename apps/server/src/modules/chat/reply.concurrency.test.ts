import type { Conversation } from '@lingxi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, newConversation, openReply, sendMessage, waitFor } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { chipHolds, chipLedger, conversations, messages, users } from '../../db/schema.js';
import { WalletService } from '../wallet/wallet.service.js';

/**
 * One reply at a time per conversation, however many requests arrive at once: the claim on the conversation
 * is one conditional update, so exactly one of them streams (and is charged) and the others are refused
 * before any stream opens. On PostgreSQL the same holds across two app instances sharing the database.
 */
const onPostgres = !!process.env.DATABASE_URL;
const PRICE = 2;
const N = 50;
/** Short, so that the sweep (every third of it) runs within a test. */
const LEASE_MS = 1_500;
/** Long enough that every request arrives while the first reply is still streaming. */
const SLOW = { deltas: ['一', '二', '三', '四', '五', '六', '七', '八'], deltaDelayMs: 150 };

let fake: FakeOpenAi;
let model: string;
let t: TestApp;
/** A second instance on the same database (PostgreSQL only). */
let other: TestApp | undefined;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'fake-once': { price: PRICE } });
  model = m.ids['fake-once']!;
  const env = { ...m.env, CHAT_RATE_PER_MINUTE: '1000', REPLY_LEASE_MS: String(LEASE_MS) };
  t = await (await startTestApp({ env })).listen();
  if (onPostgres) other = await (await startTestApp({ env })).listen();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await fake?.close();
});

/** N requests at once (spread over both instances where there are two); every stream read to its end. */
async function atOnce(path: string, token: string, body: (i: number) => unknown) {
  const apps = other ? [t, other] : [t];
  const opened = await Promise.all(
    Array.from({ length: N }, (_, i) => openReply(apps[i % apps.length]!, path, { token, body: body(i) })),
  );
  return Promise.all(opened.map(async (s) => ({ ...s, events: await s.rest() })));
}

async function stateOf(userId: number, conversationId: number) {
  const rows = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
  const [c] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId));
  const charges = await t.db
    .select()
    .from(chipLedger)
    .where(and(eq(chipLedger.userId, userId), eq(chipLedger.reason, 'chat')));
  const holds = await t.db.select().from(chipHolds).where(eq(chipHolds.userId, userId));
  return { rows: rows.sort((a, b) => a.id - b.id), count: c!.messageCount, charges, holds };
}

function expectOneStream(results: Awaited<ReturnType<typeof atOnce>>) {
  const streamed = results.filter((r) => !r.envelope);
  const refused = results.filter((r) => r.envelope);
  expect(streamed).toHaveLength(1);
  expect(streamed[0]!.status).toBe(200);
  expect(streamed[0]!.events.map((e) => e.event)).toEqual([
    'start',
    ...SLOW.deltas.map(() => 'delta'),
    'done',
  ]);
  expect(refused).toHaveLength(N - 1);
  for (const r of refused) {
    expect(r.status).toBe(200);
    expect(r.contentType).toContain('application/json');
    expect(r.envelope).toMatchObject({ code: 10001, msg: '上一条回复还在生成中，请稍候' });
  }
  return streamed[0]!;
}

describe(`${N} replies asked at once in one conversation${onPostgres ? ' (two app instances)' : ''}`, () => {
  it('streams exactly one message, refuses the others at once, and charges once', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    fake.script(SLOW, model);
    const before = fake.requestsFor(model).length;

    const results = await atOnce(`/api/v1/conversation/${c.id}/message`, token, (i) => ({
      content: `第${i}个问题`,
      model_id: model,
    }));
    const one = expectOneStream(results);
    // Only the reply that streams asks the model.
    expect(fake.requestsFor(model).length - before).toBe(1);

    const s = await stateOf(user.id, c.id);
    expect(s.rows.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(s.rows[0]!.content).toBe(one.events[0]!.data.user_message!.content);
    expect(s.count).toBe(2);
    expect(s.charges).toHaveLength(1);
    expect(s.holds).toHaveLength(0);
    const detail = await t.call<Conversation>('GET', `/api/v1/conversation/${c.id}`, { token });
    expect(detail.body.data.message_count).toBe(2);
    expect(one.events.at(-1)!.data.balance).toBe(user.chips - PRICE);
  });

  it('regenerates exactly once, refuses the others at once, and charges once', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    fake.script({ deltas: ['第一个回答'] }, model);
    const first = await sendMessage(t, token, c.id, { content: '讲个故事', model_id: model });
    expect(first.events.at(-1)!.event).toBe('done');
    fake.script(SLOW, model);
    const before = fake.requestsFor(model).length;

    const results = await atOnce(`/api/v1/conversation/${c.id}/regenerate`, token, () => ({
      model_id: model,
    }));
    const one = expectOneStream(results);
    expect(fake.requestsFor(model).length - before).toBe(1);

    const s = await stateOf(user.id, c.id);
    expect(s.rows.map((m) => [m.role, m.status, m.content])).toEqual([
      ['user', 'complete', '讲个故事'],
      ['assistant', 'complete', SLOW.deltas.join('')],
    ]);
    expect(s.rows[1]!.id).toBe(one.events[0]!.data.message_id);
    expect(s.count).toBe(2);
    // The first reply's charge and the regenerated one's.
    expect(s.charges).toHaveLength(2);
    expect(s.holds).toHaveLength(0);
    expect(one.events.at(-1)!.data.balance).toBe(user.chips - 2 * PRICE);
  });

  it('takes the next message once the reply has settled', async () => {
    const { token } = await t.login();
    const c = await newConversation(t, token);
    fake.script({ deltas: ['好'] }, model);
    for (const content of ['一', '二', '三']) {
      const sent = await sendMessage(t, token, c.id, { content, model_id: model });
      expect(sent.events.at(-1)!.event).toBe('done');
    }
    const detail = await t.call<Conversation>('GET', `/api/v1/conversation/${c.id}`, { token });
    expect(detail.body.data.message_count).toBe(6);
  });
});

describe("a claim of another process (the database's claim decides where this process cannot see)", () => {
  const claimedBy = (conversationId: number, ref: string, lease: ReturnType<typeof sql>, count = 0) =>
    t.db
      .update(conversations)
      .set({ replyRef: ref, replyLease: lease, messageCount: count })
      .where(eq(conversations.id, conversationId));

  it('refuses while its lease runs, writing nothing and holding nothing', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    await claimedBy(c.id, 'reply:another-process', sql`now() + interval '1 minute'`);
    fake.script({ deltas: ['好'] }, model);
    const refused = await sendMessage(t, token, c.id, { content: '在吗', model_id: model });
    expect(refused.envelope).toMatchObject({ code: 10001, msg: '上一条回复还在生成中，请稍候' });
    const s = await stateOf(user.id, c.id);
    expect(s.rows).toEqual([]);
    expect(s.count).toBe(0);
    expect(s.charges).toEqual([]);
    expect(s.holds).toEqual([]);
    const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(u).toMatchObject({ chips: user.chips, chipsHeld: 0 });
  });

  it('settles the dead reply once its lease ran out (failed, its text kept, its hold let go) and replies', async () => {
    const { token, user } = await t.login();
    const c = await newConversation(t, token);
    // As a process killed mid-reply leaves it: the claim, the reply streaming with what it saved, the hold.
    const [dead] = await t.db
      .insert(messages)
      .values({
        conversationId: c.id,
        userId: user.id,
        role: 'assistant',
        content: '说到一半',
        status: 'streaming',
      })
      .returning();
    const wallet = new WalletService(t.db, t.clock);
    await (
      await wallet.hold({ userId: user.id, amount: PRICE, ref: 'reply:dead-process', leaseMs: 1 })
    ).written;
    await claimedBy(c.id, 'reply:dead-process', sql`now() - interval '1 second'`, 1);

    fake.script({ deltas: ['接着说'] }, model);
    const sent = await sendMessage(t, token, c.id, { content: '继续', model_id: model });
    expect(sent.events.at(-1)).toMatchObject({
      event: 'done',
      data: { chips_charged: PRICE, balance: user.chips - PRICE },
    });
    const s = await stateOf(user.id, c.id);
    expect(s.rows.map((m) => [m.role, m.status, m.content])).toEqual([
      ['assistant', 'failed', '说到一半'],
      ['user', 'complete', '继续'],
      ['assistant', 'complete', '接着说'],
    ]);
    expect(s.rows[0]!.id).toBe(dead!.id);
    expect(s.rows[0]!.chips).toBe(0);
    expect(s.count).toBe(3);
    expect(s.charges).toHaveLength(1);
    expect(s.holds).toEqual([]);
  });

  it("lets go of a dead preview's hold within a sweep", async () => {
    const { user } = await t.login();
    const wallet = new WalletService(t.db, t.clock);
    await (
      await wallet.hold({ userId: user.id, amount: PRICE, ref: `preview:dead-${user.id}`, leaseMs: 1 })
    ).written;
    expect(await wallet.available(user.id)).toBe(user.chips - PRICE);
    await waitFor(async () => (await wallet.available(user.id)) === user.chips, 3 * LEASE_MS);
    expect(await t.db.select().from(chipHolds).where(eq(chipHolds.userId, user.id))).toEqual([]);
  });
});
