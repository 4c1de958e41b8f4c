import type { BotDetail, BotHome, UserInfo } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../server-process.js';
import { type Cluster, clusterUrls, startCluster, within } from './cluster.js';

/**
 * What logged-in reads keep per user (docs/performance.md, Fast reads) changed through one process shows
 * through the other within a second: a profile's row, a viewer's favourite marks (migration 0022).
 */
const ONE_SECOND = 1_000;

let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;

describe.skipIf(!clusterUrls)('per-user reads kept by two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster();
    [a, b] = cluster.servers as [ServerProcess, ServerProcess];
  }, 120_000);
  afterAll(() => cluster?.close());

  it('a nickname changed through A shows in the profile B keeps', async () => {
    const { token } = await a.login();
    const nickname = async () =>
      (await b.call<UserInfo>('GET', '/api/v1/user', { token })).body.data.nickname;
    await nickname();
    expect(await nickname()).not.toBe('甲改的');
    const put = await a.call('PUT', '/api/v1/user', { token, body: { nickname: '甲改的' } });
    expect(put.body.code).toBe(0);
    await within(ONE_SECOND, async () => (await nickname()) === '甲改的', 'the nickname');
  });

  it("a favourite made and undone through A shows in B's marks on a bot's page and home", async () => {
    const { token } = await a.login();
    const id = (await b.call<BotHome>('GET', '/api/v1/bot/home')).body.data.assistant.id;
    const marks = async () => [
      (await b.call<BotDetail>('GET', `/api/v1/bot/${id}`, { token })).body.data.is_favourite,
      (await b.call<BotHome>('GET', '/api/v1/bot/home', { token })).body.data.assistant.is_favourite,
    ];
    await marks();
    expect(await marks()).toEqual([false, false]);
    expect((await a.call('POST', `/api/v1/bot/${id}/favourite`, { token })).body.code).toBe(0);
    await within(ONE_SECOND, async () => (await marks()).every((m) => m), 'the favourite');
    expect((await a.call('DELETE', `/api/v1/bot/${id}/favourite`, { token })).body.code).toBe(0);
    await within(ONE_SECOND, async () => (await marks()).every((m) => !m), 'the favourite undone');
  });
});
