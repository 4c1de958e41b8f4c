import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  BotHome,
  Conversation,
  MyBot,
  Order,
  Post,
  RedeemBatch,
  UserInfo,
  Withdrawal,
} from '@lingxi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../src/db/schema/settings.js';
import { ManualClock, systemClock } from '../../src/platform/clock.js';
import { SandboxProvider } from '../../src/modules/payments/sandbox.js';
import { botForm } from '../bots.js';
import { fakeModels, openReply, type ReplyStream } from '../chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fake-openai.js';
import { openTestDatabase, randomPhone, startTestApp, type TestApp } from '../helpers.js';
import { parseCsv } from '../redeem.js';
import { expectLedgersBalance } from '../money.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import {
  allChipRecords,
  allMessages,
  allPages,
  api,
  chipPackage,
  CrashUser,
  operate,
  postNotification,
  type Server,
} from './workload.js';

/**
 * `kill -9` under mixed write load, three rounds on the same data, then a last restart (docs/crash-and-money.md,
 * Crash): nothing acknowledged is lost, ledgers sum to balances, no reply or order stays stuck, and a paid
 * notification replayed after a restart credits once.
 */
const onPostgres = !!process.env.DATABASE_URL;
const LEASE_MS = 2_000;
const USERS = 6;
const ROUNDS = 3;
/** How long the writes run before the kill. */
const LOAD_MS = 2_500;
/** Redemptions each user can make (one code of each batch: the rule is one per user per batch). */
const BATCHES = 8;
const ADMIN_PHONE = randomPhone();
const LONG = { deltas: Array.from({ length: 12 }, (_, i) => `第${i + 1}段。`), deltaDelayMs: 400 };

let fake: FakeOpenAi;
let longModel: string;
let shortModel: string;
let env: Record<string, string>;
let dir: string;
const secret = randomBytes(32).toString('hex');
const signer = new SandboxProvider(secret, systemClock);
let server: ServerProcess | null = null;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'crash-long': { price: 2 }, 'crash-short': { price: 1 } });
  longModel = m.ids['crash-long']!;
  shortModel = m.ids['crash-short']!;
  fake.script(LONG, longModel);
  fake.script({ deltas: ['好', '的。'] }, shortModel);
  env = {
    ...m.env,
    REPLY_LEASE_MS: String(LEASE_MS),
    CHAT_RATE_PER_MINUTE: '1000',
    ADMIN_PHONES: ADMIN_PHONE,
  };
  dir = mkdtempSync(join(tmpdir(), 'lingxi-crash-suite-'));
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start() {
  server = await startServerProcess({ dataDir: dir, env });
  return server;
}

/** Sends on a conversation until it takes the message; every refusal must be "still replying". */
async function sendUntilAccepted(s: Server, token: string, conversationId: number, model: string) {
  const until = Date.now() + (onPostgres ? LEASE_MS + 3_000 : 0);
  for (;;) {
    const r: ReplyStream = await openReply(s, `/api/v1/conversation/${conversationId}/message`, {
      token,
      body: { content: '继续', model_id: model },
    });
    if (!r.envelope) return r;
    expect(r.envelope).toMatchObject({ code: 10001, msg: '上一条回复还在生成中，请稍候' });
    if (Date.now() > until) throw new Error(`conversation ${conversationId} still blocked after the restart`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Ledger sums equal balances, holds equal what is held, straight from the database (the server is down). */
async function expectBooksBalance(o: { holdsLeft: boolean }) {
  const database = await openTestDatabase(dir);
  try {
    await expectLedgersBalance(database.db);
    const { rows } = (await database.db.execute(sql`
      select u.id, u.chips_held, coalesce((select sum(amount) from chip_holds h where h.user_id = u.id), 0)::int as held
      from users u where u.chips_held <> coalesce((select sum(amount) from chip_holds h where h.user_id = u.id), 0)
         or u.chips_held < 0`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([]);
    if (!o.holdsLeft) {
      const left = (await database.db.execute(
        sql`select (select count(*) from chip_holds)::int as holds,
                   (select count(*) from messages where status = 'streaming')::int as streaming`,
      )) as unknown as { rows: { holds: number; streaming: number }[] };
      expect(left.rows[0]).toEqual({ holds: 0, streaming: 0 });
    }
  } finally {
    await database.close();
  }
}

/**
 * Users and what they write to, made by an app in this process on the data the server will use (faster than
 * through the server, and the earnings of withdrawals have no route): then the server secret is set, so the
 * test can sign notifications (the server's bootstrap keeps it).
 */
async function setUp() {
  const s = await (await startTestApp({ dataDir: dir, env, clock: new ManualClock(new Date()) })).listen();
  try {
    await s.db
      .insert(settings)
      .values({ key: 'internal.secret', value: secret })
      .onConflictDoUpdate({ target: settings.key, set: { value: secret } });
    const made = await makeUsers(s);
    for (const u of made.users)
      await s.modules.wallet.earnings.apply({
        userId: u.id,
        delta: 100_000,
        reason: 'commission',
        idempotencyKey: `crash:${u.id}`,
      });
    return made;
  } finally {
    await s.close();
  }
}

async function makeUsers(s: TestApp) {
  const assistant = (await api<BotHome>(s, 'GET', '/api/v1/bot/home')).data.assistant.id;
  const author = await s.login();
  const post = await api<Post>(s, 'POST', '/api/v1/post', {
    token: author.token,
    body: { content: '崩溃测试的帖子', images: [] },
  });
  expect(post.code).toBe(0);
  const users = await Promise.all(
    Array.from({ length: USERS }, async () => {
      const { token, user } = await s.login();
      const form = botForm();
      const bot = await api<MyBot>(s, 'POST', '/api/v1/bot', { token, body: form });
      expect(bot.code).toBe(0);
      const conv = async () =>
        (await api<Conversation>(s, 'POST', '/api/v1/conversation', { token, body: { bot_id: assistant } }))
          .data.id;
      return new CrashUser(user.id, token, user.nickname, bot.data.id, form.name, await conv(), await conv());
    }),
  );
  // Redeem code batches, one code of each for every user.
  const admin = await s.login(ADMIN_PHONE);
  for (let b = 0; b < BATCHES; b++) {
    const batch = await api<RedeemBatch>(s, 'POST', '/api/v1/admin/redeem/batch', {
      token: admin.token,
      body: {
        kind: 'chips',
        value: 5,
        quantity: USERS,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(batch.code).toBe(0);
    const csv = await fetch(`${s.base}/api/v1/admin/redeem/batch/${batch.data.id}/codes.csv`, {
      headers: { token: admin.token },
    });
    const codes = parseCsv(await csv.text()).slice(1);
    users.forEach((u, i) => u.codes.push(codes[i]![0]!));
  }
  return { users, postId: post.data.id, admin: admin.token };
}

/** What each user was told before the kill is there after the restart; nothing is stuck. */
async function verifyAfterRestart(s: ServerProcess, users: CrashUser[], postId: number) {
  // The replies the kill cut off end as failed by themselves, before anyone writes to their conversations: at
  // the start on the embedded database, within the lease and a sweep (a third of it) on PostgreSQL.
  const until = Date.now() + (onPostgres ? (LEASE_MS * 4) / 3 + 1_000 : 0);
  for (;;) {
    const streaming = (
      await Promise.all(users.map((u) => allMessages(s, u.token, u.longConversation)))
    ).flatMap((list) => list.filter((m) => m.status === 'streaming'));
    if (!streaming.length) break;
    if (Date.now() > until) expect(streaming).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const u of users) {
    const me = await api<UserInfo>(s, 'GET', '/api/v1/user', { token: u.token });
    expect(u.nickname.allowed()).toContain(me.data.nickname);
    u.nickname.settle(me.data.nickname);
    const bot = await api<MyBot>(s, 'GET', `/api/v1/bot/${u.botId}/edit`, { token: u.token });
    expect(u.botName.allowed()).toContain(bot.data.name);
    u.botName.settle(bot.data.name);
    const post = await api<Post>(s, 'GET', `/api/v1/post/${postId}`, { token: u.token });
    expect(u.like.allowed()).toContain(post.data.liked);
    u.like.settle(post.data.liked);

    const messages = new Map((await allMessages(s, u.token, u.shortConversation)).map((m) => [m.id, m]));
    for (const r of u.replies)
      expect(messages.get(r.id)).toMatchObject({ status: 'complete', content: r.content });

    // Every order acknowledged exists; every one acknowledged paid is fulfilled.
    for (const o of u.orders) {
      const got = await api<Order>(s, 'GET', `/api/v1/order/${o.no}`, { token: u.token });
      expect(got.code).toBe(0);
      if (o.paidAcked) expect(got.data.status).toBe('fulfilled');
    }
  }
  // The client tries again what was in flight at the kill: the order under its key (twice at once), the code.
  const packageId = (await chipPackage(s)).id;
  for (const u of users) {
    const key = u.orderInFlight;
    if (key) {
      const [a, b] = await Promise.all([u.createOrder(s, packageId, key), u.createOrder(s, packageId, key)]);
      expect(a.no).toBe(b.no);
    }
    const orders = await allPages<Order>(s, u.token, '/api/v1/order');
    expect(orders.map((o) => o.order_no).sort()).toEqual(u.orders.map((o) => o.no).sort());

    const redeemed = () =>
      allChipRecords(s, u.token).then((rs) => rs.filter((r) => r.reason === 'redeem').length);
    const n = await redeemed();
    expect(n).toBeGreaterThanOrEqual(u.redeemed);
    expect(n).toBeLessThanOrEqual(u.redeemed + (u.redeemInFlight ? 1 : 0));
    if (u.redeemInFlight) {
      const again = await api(s, 'POST', '/api/v1/redeem', {
        token: u.token,
        body: { code: u.redeemInFlight },
      });
      expect(again.code === 0 ? n : n - 1).toBe(u.redeemed);
      expect(await redeemed()).toBe(u.redeemed + 1);
      u.redeemed++;
      u.redeemInFlight = null;
    }
  }
  // Withdrawals: the one in flight asked again under its key (twice at once: one withdrawal); each status is
  // the acknowledged one or the operator's action in flight.
  for (const u of users) {
    const key = u.withdrawalInFlight;
    if (key) {
      const [a, b] = await Promise.all([u.withdraw(s, key), u.withdraw(s, key)]);
      expect(a).toBe(b);
    }
    const list = await allPages<Withdrawal>(s, u.token, '/api/v1/withdrawal');
    expect(list.map((w) => w.id).sort()).toEqual([...u.withdrawals.keys()].sort());
    for (const w of list) {
      const reg = u.withdrawals.get(w.id)!;
      expect(reg.allowed()).toContain(w.status);
      reg.settle(w.status);
    }
  }
  // Every paid notification sent so far, replayed (twice at once): each order fulfilled, credited once.
  const sent = users.flatMap((u) => u.orders.filter((o) => o.notification));
  const replies = await Promise.all(
    sent.flatMap((o) => [o, o]).map((o) => postNotification(s, o.notification!)),
  );
  expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
  for (const u of users) {
    const paid = u.orders.filter((o) => o.notification);
    for (const o of paid)
      expect((await api<Order>(s, 'GET', `/api/v1/order/${o.no}`, { token: u.token })).data.status).toBe(
        'fulfilled',
      );
    const topUps = (await allChipRecords(s, u.token)).filter((r) => r.reason === 'top_up');
    expect(topUps.length).toBe(paid.length);
  }
  // The reply the kill cut off ends as failed, and its conversation takes the next message.
  await Promise.all(
    users.map(async (u) => {
      const next = await sendUntilAccepted(s, u.token, u.longConversation, shortModel);
      expect((await next.rest()).at(-1)?.event).toBe('done');
      const list = await allMessages(s, u.token, u.longConversation);
      expect(list.filter((m) => m.status === 'streaming')).toEqual([]);
      expect(list.filter((m) => m.role === 'assistant' && m.status === 'failed').length).toBeGreaterThan(0);
    }),
  );
}

/** Starts each user's long reply (left streaming for the kill), then the mixed writes until `stop`. */
async function load(s: ServerProcess, users: CrashUser[], postId: number, admin: string) {
  await Promise.all(
    users.map(async (u) => {
      const r = await openReply(s, `/api/v1/conversation/${u.longConversation}/message`, {
        token: u.token,
        body: { content: '讲个长故事', model_id: longModel },
      });
      expect(r.envelope).toBeNull();
      expect((await r.next())?.event).toBe('start');
      expect((await r.next())?.event).toBe('delta');
      u.openStream = r;
    }),
  );
  const packageId = (await chipPackage(s)).id;
  let stopped = false;
  const workers = users.map((u) => u.run(s, { postId, packageId, shortModel, signer, until: () => stopped }));
  workers.push(operate(s, admin, users, () => stopped));
  await new Promise((r) => setTimeout(r, LOAD_MS));
  await s.kill();
  stopped = true;
  await Promise.all(workers);
  for (const u of users) u.openStream?.stop();
  return users.map((u) => u.answered);
}

describe(`kill -9 under mixed write load (${onPostgres ? 'PostgreSQL' : 'embedded'})`, () => {
  it('loses no acknowledged write, keeps the books, and leaves no reply or order stuck, over three rounds', async () => {
    const { users, postId, admin } = await setUp();
    let s = await start();
    const done: number[][] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      done.push(await load(s, users, postId, admin));
      await expectBooksBalance({ holdsLeft: true });
      s = await start();
      await verifyAfterRestart(s, users, postId);
    }
    await s.stop();
    server = null;
    // Every user's writes were answered in every round, before each kill (the counts are cumulative).
    for (let round = 0; round < ROUNDS; round++)
      for (let i = 0; i < USERS; i++)
        expect(done[round]![i]).toBeGreaterThan(round ? done[round - 1]![i]! : 0);
    await expectBooksBalance({ holdsLeft: false });

    // Orders left pending close by the normal rule (the sweep, once they expire); none stays pending.
    const later = new ManualClock(new Date(Date.now() + 31 * 60_000));
    const t = await startTestApp({ dataDir: dir, clock: later });
    try {
      await t.modules.payments.closeExpired();
      const left = (await t.db.execute(
        sql`select status, count(*)::int as n from orders group by status order by status`,
      )) as unknown as { rows: { status: string; n: number }[] };
      expect(left.rows.map((r) => r.status)).not.toContain('pending');
      expect(left.rows.find((r) => r.status === 'closed')?.n).toBeGreaterThan(0);
      await expectLedgersBalance(t.db);
    } finally {
      await t.close();
    }
  }, 300_000);
});
