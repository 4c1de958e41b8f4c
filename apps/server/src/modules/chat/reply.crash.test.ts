import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BotHome, ChatMessage, ChipRecord, Conversation, Page } from '@lingxi/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, openReply, type ReplyStream } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { openTestDatabase } from '../../../test/helpers.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';

/**
 * A reply whose process dies (`kill -9`, mid-stream) must not block its conversation: on the embedded
 * database the next process settles it at start (one process owns that database, so whatever is streaming
 * then is a dead process's), on PostgreSQL any instance settles it as soon as its lease runs out. Settled
 * as failed: its hold let go, nothing charged, the text it had saved kept.
 */
const onPostgres = !!process.env.DATABASE_URL;
const LEASE_MS = 2_000;
const PRICE = 3;
const LONG = {
  deltas: ['从前', '有座山，', '山里', '有座庙，', '庙里', '有个', '老和尚', '在讲', '故事。'],
  deltaDelayMs: 400,
};

let fake: FakeOpenAi;
let model: string;
let env: Record<string, string>;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'fake-crash': { price: PRICE } });
  model = m.ids['fake-crash']!;
  env = { ...m.env, REPLY_LEASE_MS: String(LEASE_MS), CHAT_RATE_PER_MINUTE: '100' };
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});
afterAll(async () => {
  await fake?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A data directory for a server process: the embedded database's, initialised from the test template. */
async function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'lingxi-crash-'));
  dirs.push(dir);
  if (!onPostgres) await (await openTestDatabase(dir)).close();
  return dir;
}

async function start(dir: string) {
  const s = await startServerProcess({ dataDir: dir, env });
  servers.push(s);
  return s;
}

/** Logs in on `s`, opens a conversation and starts a long reply; returns once a few deltas have arrived. */
async function replyUnderWay(s: ServerProcess) {
  const { token, user } = await s.login();
  const home = await s.call<BotHome>('GET', '/api/v1/bot/home');
  const c = (
    await s.call<Conversation>('POST', '/api/v1/conversation', {
      token,
      body: { bot_id: home.body.data.assistant.id },
    })
  ).body.data;
  fake.once(LONG, model);
  const stream = await openReply(s, `/api/v1/conversation/${c.id}/message`, {
    token,
    body: { content: '讲个故事', model_id: model },
  });
  expect((await stream.next())!.event).toBe('start');
  let received = '';
  // Past a renewal of the lease (every third of it), which also saves the text so far.
  for (let i = 0; i < 4; i++) received += (await stream.next())!.data.text;
  return { token, user, c, stream, received };
}

const send = (s: ServerProcess, token: string, conversationId: number) =>
  openReply(s, `/api/v1/conversation/${conversationId}/message`, {
    token,
    body: { content: '接着讲', model_id: model },
  });

/** Sends until the conversation takes the message (each refusal must be the "still replying" one). */
async function sendUntilAccepted(s: ServerProcess, token: string, conversationId: number, withinMs: number) {
  const until = Date.now() + withinMs;
  const refusals: string[] = [];
  for (;;) {
    const r: ReplyStream = await send(s, token, conversationId);
    if (!r.envelope) return { stream: r, refusals };
    refusals.push(r.envelope.msg);
    expect(r.envelope).toMatchObject({ code: 10001, msg: '上一条回复还在生成中，请稍候' });
    if (Date.now() > until) return { stream: null, refusals };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The dead reply failed, kept the text it had saved and cost nothing; the new one was charged once. */
async function expectSettledAsFailed(
  s: ServerProcess,
  u: Awaited<ReturnType<typeof replyUnderWay>>,
  next: ReplyStream,
) {
  const events = await next.rest();
  expect(events.at(-1)).toMatchObject({
    event: 'done',
    data: { chips_charged: PRICE, balance: u.user.chips - PRICE },
  });
  const list = (
    await s.call<Page<ChatMessage>>('GET', `/api/v1/conversation/${u.c.id}/message`, { token: u.token })
  ).body.data.list;
  expect(list.map((m) => [m.role, m.status])).toEqual([
    ['assistant', 'complete'],
    ['user', 'complete'],
    ['assistant', 'failed'],
    ['user', 'complete'],
  ]);
  const dead = list[2]!;
  expect(dead.chips).toBe(0);
  expect(dead.content.length).toBeGreaterThan(0);
  expect(u.received.startsWith(dead.content)).toBe(true);
  const detail = await s.call<Conversation>('GET', `/api/v1/conversation/${u.c.id}`, { token: u.token });
  expect(detail.body.data.message_count).toBe(4);
  const records = await s.call<Page<ChipRecord>>('GET', '/api/v1/chip/record', { token: u.token });
  expect(records.body.data.list.filter((r) => r.reason === 'chat').map((r) => r.delta)).toEqual([-PRICE]);
  const me = await s.call<{ chips: number }>('GET', '/api/v1/user', { token: u.token });
  expect(me.body.data.chips).toBe(u.user.chips - PRICE);
}

describe('a reply whose server process was killed mid-stream', () => {
  it(
    onPostgres
      ? 'is settled as failed and free within its lease after a restart, and the conversation goes on'
      : 'is settled as failed and free at the restart, and the next message is taken at once',
    async () => {
      const dir = await dataDir();
      const first = await start(dir);
      const u = await replyUnderWay(first);
      await first.kill();
      u.stream.stop();

      const second = await start(dir);
      fake.script({ deltas: ['好的', '，接着讲。'] }, model);
      const { stream, refusals } = await sendUntilAccepted(second, u.token, u.c.id, LEASE_MS + 2_000);
      if (!onPostgres) expect(refusals).toEqual([]);
      expect(stream).not.toBeNull();
      await expectSettledAsFailed(second, u, stream!);
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    'is taken over by another instance on the same database once its lease runs out',
    async () => {
      const [a, b] = await Promise.all([start(await dataDir()), start(await dataDir())]);
      const u = await replyUnderWay(a);
      await a.kill();
      const killedAt = Date.now();
      u.stream.stop();

      fake.script({ deltas: ['好的', '，接着讲。'] }, model);
      const { stream, refusals } = await sendUntilAccepted(b, u.token, u.c.id, LEASE_MS + 2_000);
      expect(stream).not.toBeNull();
      const tookMs = Date.now() - killedAt;
      // Refused while the dead instance's lease could still be live, taken within the lease after that.
      expect(refusals.length).toBeGreaterThan(0);
      expect(tookMs).toBeLessThan(LEASE_MS + 1_000);
      await expectSettledAsFailed(b, u, stream!);
    },
    60_000,
  );
});
