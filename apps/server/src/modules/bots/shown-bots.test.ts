import type { Conversation, Page } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../db/schema/bots.js';
import { createBot } from '../../../test/bots.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

// Bots as lists show them are kept (BotsService `anyByIds`, docs/performance.md, Fast reads): a change of
// the bot, behind the services (as another process would make it: on PostgreSQL the test app waits for
// announcements before each request) shows in a list of conversations at the next read.

let t: TestApp;

beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t?.close());

const list = async (token: string) =>
  (await t.call<Page<Conversation>>('GET', '/api/v1/conversation', { token })).body.data.list;

describe('bots shown in a list of conversations', () => {
  it('show a rename made behind the services at the next read', async () => {
    const { token } = await t.login();
    const [first, second] = [
      await createBot(t, token, { name: '甲' }),
      await createBot(t, token, { name: '乙' }),
    ];
    for (const bot of [first, second]) {
      const res = await t.call('POST', '/api/v1/conversation', { token, body: { bot_id: bot.id } });
      expect(res.body.code).toBe(0);
    }
    await list(token);
    expect((await list(token)).map((c) => c.bot.name).sort()).toEqual(['乙', '甲']);

    await t.db.update(bots).set({ name: '丙' }).where(eq(bots.id, first.id));
    expect((await list(token)).map((c) => c.bot.name).sort()).toEqual(['丙', '乙']);
    await t.db.update(bots).set({ name: '丁' }).where(eq(bots.id, second.id));
    expect((await list(token)).map((c) => [c.bot.id, c.bot.name]).sort()).toEqual(
      [
        [first.id, '丙'],
        [second.id, '丁'],
      ].sort(),
    );
  });

  it('are the same bots for every viewer, each list with its own', async () => {
    const [a, b] = [await t.login(), await t.login()];
    const mine = await createBot(t, a.token, { name: '甲的' });
    const theirs = await createBot(t, b.token, { name: '乙的' });
    await t.call('POST', '/api/v1/conversation', { token: a.token, body: { bot_id: mine.id } });
    await t.call('POST', '/api/v1/conversation', { token: b.token, body: { bot_id: theirs.id } });
    await list(a.token);
    expect((await list(a.token)).map((c) => c.bot.id)).toEqual([mine.id]);
    expect((await list(b.token)).map((c) => c.bot.id)).toEqual([theirs.id]);
  });
});
