import type { LoginData } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { users } from '../../db/schema/account.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t.close());

/** Sends a code to a fresh phone; returns the phone, the code and a code that is certainly wrong. */
async function codeSent(phone = randomPhone()) {
  const sent = await t.call('POST', `/api/v1/login/code/${phone}`);
  expect(sent.body.code).toBe(0);
  const code = t.codeFor(phone);
  return { phone, code, wrong: code === '000000' ? '111111' : '000000' };
}

const login = (body: unknown) => t.call<LoginData>('POST', '/api/v1/phone/login', { body });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/v1/phone/login: the code', () => {
  it('refuses a wrong code and says how many tries are left', async () => {
    const { phone, code, wrong } = await codeSent();
    const res = await login({ phone, code: wrong });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(20101);
    expect(res.body.msg).toBe('验证码错误，还可尝试4次');
    expect(res.body.data).toEqual({ attempts_left: 4 });
    expect((await login({ phone, code })).body.code).toBe(0);
  });

  it('kills the code after 5 wrong tries: then even the right code is refused as expired', async () => {
    const { phone, code, wrong } = await codeSent();
    for (let left = 4; left >= 1; left--) {
      expect((await login({ phone, code: wrong })).body.msg).toBe(`验证码错误，还可尝试${left}次`);
    }
    const fifth = await login({ phone, code: wrong });
    expect(fifth.body.code).toBe(20101);
    expect(fifth.body.msg).toContain('次数过多');
    const right = await login({ phone, code });
    expect(right.body.code).toBe(20102);
    expect(right.body.msg).toBe('验证码已失效，请重新获取');
  });

  it('lets a code live 5 minutes', async () => {
    const early = await codeSent();
    t.clock.advance(5 * MINUTE - 1000);
    expect((await login({ phone: early.phone, code: early.code })).body.code).toBe(0);

    const late = await codeSent();
    t.clock.advance(5 * MINUTE + 1000);
    const res = await login({ phone: late.phone, code: late.code });
    expect(res.body.code).toBe(20102);
    expect(res.body.data).toBeNull();
  });

  it('accepts a code once only', async () => {
    const { phone, code } = await codeSent();
    expect((await login({ phone, code })).body.code).toBe(0);
    expect((await login({ phone, code })).body.code).toBe(20102);
  });

  it('refuses a code of another phone', async () => {
    const a = await codeSent();
    const b = await codeSent();
    expect((await login({ phone: a.phone, code: b.code })).body.code).not.toBe(0);
  });

  it('refuses a login code for a phone that never asked for one', async () => {
    expect((await login({ phone: randomPhone(), code: '123456' })).body.code).toBe(20102);
  });
});

describe('POST /api/v1/phone/login: the user', () => {
  it('creates the user on first login and returns a working token', async () => {
    const phone = randomPhone();
    const { token, user } = await t.login(phone);
    expect(user.nickname).toBe(`用户${phone.slice(-4)}`);
    expect(user.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(user.invite_code).toMatch(/^[A-Z0-9]{6,8}$/);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const me = await t.call('GET', '/api/v1/user', { token });
    expect(me.body.code).toBe(0);
    expect(me.body.data).toMatchObject({ id: user.id, nickname: user.nickname });
  });

  it('gives the new user a generated avatar that the app serves as SVG', async () => {
    const { user } = await t.login();
    expect(user.avatar).toMatch(/^\/media\/avatars\/[a-z]+\/[\w-]+\.svg$/);
    const res = await fetch(t.base + user.avatar);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('gives every user a different invite code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await t.login()).user.invite_code);
    expect(codes.size).toBe(5);
  });

  it('returns the same user, with their edits, on a later login', async () => {
    const phone = randomPhone();
    const first = await t.login(phone);
    await t.call('PUT', '/api/v1/user', { token: first.token, body: { nickname: '小灵' } });
    t.clock.advance(61_000);
    const second = await t.login(phone);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.nickname).toBe('小灵');
    expect(second.user.invite_code).toBe(first.user.invite_code);
    expect(second.token).not.toBe(first.token);
    expect((await t.call('GET', '/api/v1/user', { token: first.token })).body.code).toBe(0);
  });

  it("binds the inviter of an existing user's invite code on first login", async () => {
    const inviter = await t.login();
    const invitee = await t.login(randomPhone(), { invite_code: inviter.user.invite_code });
    expect((await userRow(invitee.user.id)).invitedBy).toBe(inviter.user.id);
    const lower = await t.login(randomPhone(), { invite_code: inviter.user.invite_code.toLowerCase() });
    expect((await userRow(lower.user.id)).invitedBy).toBe(inviter.user.id);
  });

  it('does not rebind the inviter of an existing user', async () => {
    const phone = randomPhone();
    const first = await t.login(phone);
    const inviter = await t.login();
    t.clock.advance(61_000);
    await t.login(phone, { invite_code: inviter.user.invite_code });
    expect((await userRow(first.user.id)).invitedBy).toBeNull();
  });

  it('does not let an unknown or malformed invite code block the login', async () => {
    for (const invite_code of ['ZZZZ99', 'abc', '!!!', '']) {
      const { user } = await t.login(randomPhone(), { invite_code });
      expect((await userRow(user.id)).invitedBy, invite_code).toBeNull();
    }
  });
});

describe('POST /api/v1/phone/login: bad bodies', () => {
  const raw = (body: string, contentType = 'application/json') =>
    t.call('POST', '/api/v1/phone/login', { body, headers: { 'content-type': contentType } });

  it('answers every bad body with a 10001 envelope naming the field, never a 500', async () => {
    const phone = randomPhone();
    const cases: [unknown, string][] = [
      [{ code: '123456' }, 'phone'],
      [{ phone, code: '12345' }, 'code'],
      [{ phone, code: '1234567' }, 'code'],
      [{ phone, code: 123456 }, 'code'],
      [{ phone: 13800000000, code: '123456' }, 'phone'],
      [{ phone: '1380000', code: '123456' }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code).toBe(10001);
      expect(res.body.data).toMatchObject({ field });
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await login({ code: '123456' })).body.msg).toBe('请输入手机号');
    expect((await login({ phone, code: '12345' })).body.msg).toBe('验证码为6位数字');
  });

  it('answers malformed requests with a 10001 envelope', async () => {
    const bodies = [
      raw(`{"phone":"${randomPhone()}","code":"123456"}junk`),
      raw('phone=13800000000&code=123456'),
      raw('[]'),
      raw('null'),
      raw('"text"'),
      raw(''),
      raw(`{"phone":"${randomPhone()}","code":"123456"}`, 'text/plain'),
      raw('phone=13800000000&code=123456', 'application/x-www-form-urlencoded'),
    ];
    for (const res of await Promise.all(bodies)) {
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(10001);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
