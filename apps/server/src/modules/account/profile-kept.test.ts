import type { BotDetail, UserInfo } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/account.js';
import { createBot } from '../../../test/bots.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

// A profile's row is kept until the database announces its change (docs/performance.md, Fast reads). Each read is made twice first, so that the next is answered
// from memory; then a change through the API, or behind the services (as another process would: on PostgreSQL
// the test app waits for announcements before each request), must show at the next read.

let t: TestApp;

beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t?.close());

const profile = async (token: string) => (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body;
describe('a profile kept in memory', () => {
  it('shows a change of the row made through the API or behind the services at the next read', async () => {
    const { token, user } = await t.login();
    await profile(token);
    expect((await profile(token)).data.nickname).toBe(user.nickname);

    const put = await t.call('PUT', '/api/v1/user', { token, body: { nickname: '新名字' } });
    expect(put.body.code).toBe(0);
    expect((await profile(token)).data.nickname).toBe('新名字');

    await t.db.update(users).set({ nickname: '别处改的', chips: 777 }).where(eq(users.id, user.id));
    const after = (await profile(token)).data;
    expect([after.nickname, after.chips]).toEqual(['别处改的', 777]);

    const vip = new Date(Date.now() + 86_400_000);
    await t.db.update(users).set({ vipExpiresAt: vip }).where(eq(users.id, user.id));
    expect((await profile(token)).data).toMatchObject({ is_vip: true, vip_expires_at: vip.toISOString() });
  });

  it("never answers one user's profile to another", async () => {
    const [a, b] = [await t.login(), await t.login()];
    await profile(a.token);
    expect((await profile(b.token)).data.id).toBe(b.user.id);
    expect((await profile(a.token)).data.id).toBe(a.user.id);
    expect((await profile(a.token)).data.phone).not.toBe((await profile(b.token)).data.phone);
  });

  it('a deleted account reads no kept profile', async () => {
    const { token, user } = await t.login();
    await profile(token);
    await t.db.update(users).set({ status: 'deleted', deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await profile(token)).code).not.toBe(0);
  });

  it("shows a new name behind the services at the next read where others see the user (their bot's creator)", async () => {
    const { token, user } = await t.login();
    const bot = await createBot(t, token, { name: '署名' });
    const creator = async () =>
      (await t.call<BotDetail>('GET', `/api/v1/bot/${bot.id}`, { token })).body.data.creator?.nickname;
    await creator();
    expect(await creator()).toBe(user.nickname);
    await t.db.update(users).set({ nickname: '另一个名字' }).where(eq(users.id, user.id));
    expect(await creator()).toBe('另一个名字');
  });
});
