import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { sessions, users } from '../../db/schema/account.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t.close());

const me = (token?: string) => t.call('GET', '/api/v1/user', { token });

describe('the token header', () => {
  it('without a token: 20003', async () => {
    const res = await me();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 20003, msg: '未登录，请先登录', data: null });
  });

  it('an empty token header counts as none', async () => {
    expect((await t.call('GET', '/api/v1/user', { headers: { token: '' } })).body.code).toBe(20003);
  });

  it('a garbage or overlong token: 20007', async () => {
    for (const token of ['garbage', 'x'.repeat(43), 'x'.repeat(5000), '中文']) {
      const res = await t.call('GET', '/api/v1/user', { headers: { token: encodeURIComponent(token) } });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(20007);
      expect(res.body.msg).toBe('登录状态已失效，请重新登录');
    }
  });

  it('is stored hashed: no session row holds the token itself', async () => {
    const { token, user } = await t.login();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('gives each login a different token', async () => {
    const phone = randomPhone();
    const a = await t.login(phone);
    t.clock.advance(61_000);
    const b = await t.login(phone);
    expect(a.token).not.toBe(b.token);
  });
});

describe('logout', () => {
  it('revokes the token: then 20007', async () => {
    const { token } = await t.login();
    const out = await t.call('POST', '/api/v1/logout', { token });
    expect(out.body).toEqual({ code: 0, msg: 'ok', data: { ok: true } });
    expect((await me(token)).body.code).toBe(20007);
    expect((await t.call('POST', '/api/v1/logout', { token })).body.code).toBe(20007);
  });

  it('ends only that session: another session of the same user keeps working', async () => {
    const phone = randomPhone();
    const a = await t.login(phone);
    t.clock.advance(61_000);
    const b = await t.login(phone);
    expect(b.user.id).toBe(a.user.id);
    await t.call('POST', '/api/v1/logout', { token: a.token });
    expect((await me(a.token)).body.code).toBe(20007);
    const still = await me(b.token);
    expect(still.body.code).toBe(0);
    expect(still.body.data).toMatchObject({ id: a.user.id });
  });

  it('without a token: 20003', async () => {
    expect((await t.call('POST', '/api/v1/logout')).body.code).toBe(20003);
  });
});

describe('expiry after 30 days without use', () => {
  it('a token idle for more than 30 days: 20005', async () => {
    const { token } = await t.login();
    t.clock.advance(30 * DAY + 60_000);
    const res = await me(token);
    expect(res.body.code).toBe(20005);
    expect(res.body.msg).toBe('登录已过期，请重新登录');
  });

  it('a token idle for just under 30 days still works', async () => {
    const { token } = await t.login();
    t.clock.advance(30 * DAY - 60_000);
    expect((await me(token)).body.code).toBe(0);
  });

  it('slides: used at day 20, the token still works at day 40 and expires 30 days after its last use', async () => {
    const { token } = await t.login();
    t.clock.advance(20 * DAY);
    expect((await me(token)).body.code).toBe(0);
    t.clock.advance(20 * DAY);
    expect((await me(token)).body.code).toBe(0);
    t.clock.advance(30 * DAY + 60_000);
    expect((await me(token)).body.code).toBe(20005);
  });
});

describe("an operator's session", () => {
  const HOUR = 3_600_000;
  const operator = async () => {
    const login = await t.login();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, login.user.id));
    return login;
  };

  it('ends after 12 hours without use: 20005', async () => {
    const { token } = await operator();
    expect((await me(token)).body.code).toBe(0);
    t.clock.advance(12 * HOUR + 60_000);
    expect((await me(token)).body.code).toBe(20005);
  });

  it('slides with use: used every 11 hours it lives on for days', async () => {
    const { token } = await operator();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(11 * HOUR);
      expect((await me(token)).body.code).toBe(0);
    }
  });

  it('when the role is taken back, the session keeps the 30 days of a normal user', async () => {
    const { token, user } = await operator();
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, user.id));
    t.clock.advance(13 * HOUR);
    expect((await me(token)).body.code).toBe(0);
  });
});

describe('a disabled account', () => {
  it('its token answers 100001 and its login is refused with 100001', async () => {
    const phone = randomPhone();
    const { token, user } = await t.login(phone);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    const res = await me(token);
    expect(res.body.code).toBe(100001);
    expect(res.body.msg).toBe('账号已被禁用，如有疑问请联系客服');
    t.clock.advance(61_000);
    await t.call('POST', `/api/v1/login/code/${phone}`);
    const login = await t.call('POST', '/api/v1/phone/login', { body: { phone, code: t.codeFor(phone) } });
    expect(login.body.code).toBe(100001);
    expect(login.body.data).toBeNull();
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live).toHaveLength(1);
  });

  it('works again once re-enabled', async () => {
    const { token, user } = await t.login();
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await me(token)).body.code).toBe(100001);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await me(token)).body.code).toBe(0);
  });
});

describe('a session in use (kept in memory with the embedded database)', () => {
  // Direct writes stand for another writer (an operator's tool): the database announces them.
  it('fails at once when its account is disabled, or it is revoked or deleted, behind the service', async () => {
    const { token, user } = await t.login();
    expect((await me(token)).body.code).toBe(0);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await me(token)).body.code).toBe(100001);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await me(token)).body.code).toBe(0);

    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, user.id));
    expect((await me(token)).body.code).toBe(20007);

    const other = await t.login();
    expect((await me(other.token)).body.code).toBe(0);
    await t.db.delete(sessions).where(eq(sessions.userId, other.user.id));
    expect((await me(other.token)).body.code).toBe(20007);
  });
});
