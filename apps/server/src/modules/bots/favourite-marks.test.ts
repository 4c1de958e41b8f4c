import type { BotDetail, BotHome } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botFavourites } from '../../db/schema/bots.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

// A viewer's favourite marks are kept until the database announces a change of their favourites
// (docs/performance.md, Fast reads). Each read is made twice first, so that the next is answered
// from memory; then a change through the API, or behind the services (as another process would: on PostgreSQL
// the test app waits for announcements before each request), must show at the next read.

let t: TestApp;
let assistantId: number;

beforeAll(async () => {
  t = await (await startTestApp()).listen();
  assistantId = (await t.call<BotHome>('GET', '/api/v1/bot/home')).body.data.assistant.id;
});
afterAll(() => t?.close());

const marks = async (token: string) => {
  const page = (await t.call<BotDetail>('GET', `/api/v1/bot/${assistantId}`, { token })).body.data;
  const home = (await t.call<BotHome>('GET', '/api/v1/bot/home', { token })).body.data;
  return [page.is_favourite, home.assistant.is_favourite];
};

describe("a viewer's favourite marks kept in memory", () => {
  it('show a favourite made or undone through the API at the next read, on the page and home', async () => {
    const { token } = await t.login();
    await marks(token);
    expect(await marks(token)).toEqual([false, false]);
    expect((await t.call('POST', `/api/v1/bot/${assistantId}/favourite`, { token })).body.code).toBe(0);
    expect(await marks(token)).toEqual([true, true]);
    expect((await t.call('DELETE', `/api/v1/bot/${assistantId}/favourite`, { token })).body.code).toBe(0);
    expect(await marks(token)).toEqual([false, false]);
  });

  it('show a favourite added or removed behind the services at the next read', async () => {
    const { token, user } = await t.login();
    await marks(token);
    expect(await marks(token)).toEqual([false, false]);
    await t.db.insert(botFavourites).values({ userId: user.id, botId: assistantId });
    expect(await marks(token)).toEqual([true, true]);
    await t.db
      .delete(botFavourites)
      .where(and(eq(botFavourites.userId, user.id), eq(botFavourites.botId, assistantId)));
    expect(await marks(token)).toEqual([false, false]);
  });

  it("are each viewer's own", async () => {
    const [a, b] = [await t.login(), await t.login()];
    await marks(a.token);
    await marks(b.token);
    expect((await t.call('POST', `/api/v1/bot/${assistantId}/favourite`, { token: a.token })).body.code).toBe(
      0,
    );
    expect(await marks(a.token)).toEqual([true, true]);
    expect(await marks(b.token)).toEqual([false, false]);
  });
});
