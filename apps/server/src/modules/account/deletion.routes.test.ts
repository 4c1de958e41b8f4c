import type { UserInfo } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { users } from '../../db/schema/account.js';
import { feedback } from '../../db/schema/feedback.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t.close());

const askCode = (token: string) => t.call('POST', '/api/v1/user/deletion/code', { token });
const remove = (token: string, code: unknown) => t.call('DELETE', '/api/v1/user', { token, body: { code } });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** A user with a filled-in profile and two sessions. */
async function fullUser() {
  const phone = randomPhone();
  const a = await t.login(phone);
  t.clock.advance(61_000);
  const b = await t.login(phone);
  const res = await t.call('PUT', '/api/v1/user', {
    token: a.token,
    body: { nickname: '将要注销', bio: '一段简介', birthday: '1990-05-06', gender: 1 },
  });
  expect(res.body.code).toBe(0);
  return { phone, id: a.user.id, tokens: [a.token, b.token] as const };
}

describe('account deletion', () => {
  it("sends the code to the account's own phone, for deletion only", async () => {
    const { phone, tokens } = await fullUser();
    const res = await askCode(tokens[0]);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { retry_after: 60, expires_in: 300 } });
    const code = t.codeFor(phone, 'delete_account');
    // The deletion code is no login code.
    const login = await t.call('POST', '/api/v1/phone/login', { body: { phone, code } });
    expect(login.body.code).not.toBe(0);
    // The login code that is live is no deletion code either.
    t.clock.advance(61_000);
    await t.call('POST', `/api/v1/login/code/${phone}`);
    expect((await remove(tokens[0], t.codeFor(phone))).body.code).not.toBe(0);
  });

  it('limits deletion codes to one per 60 s', async () => {
    const { tokens } = await fullUser();
    expect((await askCode(tokens[0])).body.code).toBe(0);
    const again = await askCode(tokens[1]);
    expect(again.body.code).toBe(10029);
    expect(again.body.msg).toMatch(/\d+秒/);
  });

  it('needs a token', async () => {
    expect((await t.call('POST', '/api/v1/user/deletion/code')).body.code).toBe(20003);
    expect((await t.call('DELETE', '/api/v1/user', { body: { code: '123456' } })).body.code).toBe(20003);
  });

  it('refuses a wrong or malformed code and keeps the account', async () => {
    const { phone, id, tokens } = await fullUser();
    await askCode(tokens[0]);
    const code = t.codeFor(phone, 'delete_account');
    const wrong = await remove(tokens[0], wrongFor(code));
    expect(wrong.body.code).toBe(20101);
    expect(wrong.body.msg).toBe('验证码错误，还可尝试4次');
    for (const bad of ['12345', 123456, null]) expect((await remove(tokens[0], bad)).body.code).toBe(10001);
    const row = (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(row).toMatchObject({ phone, status: 'active', nickname: '将要注销' });
    for (const token of tokens) expect((await t.call('GET', '/api/v1/user', { token })).body.code).toBe(0);
  });

  it('refuses without a code having been sent', async () => {
    const { tokens } = await fullUser();
    expect((await remove(tokens[0], '123456')).body.code).toBe(20102);
  });

  it('with the right code: erases personal data and ends every session', async () => {
    const { phone, id, tokens } = await fullUser();
    const opinion = await t.call('POST', '/api/v1/opinion', {
      token: tokens[0],
      body: { type: 'other', content: '这是一条反馈内容', contact: 'me@example.com' },
    });
    expect(opinion.body.code).toBe(0);
    await askCode(tokens[1]);
    const res = await remove(tokens[1], t.codeFor(phone, 'delete_account'));
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { ok: true } });

    for (const token of tokens) {
      expect((await t.call('GET', '/api/v1/user', { token })).body.code).toBe(20007);
    }
    const row = (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(row).toMatchObject({
      phone: null,
      nickname: '已注销用户',
      bio: '',
      birthday: null,
      gender: 0,
      status: 'deleted',
    });
    expect(row.deletedAt).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(phone);
    const fb = await t.db.select().from(feedback).where(eq(feedback.userId, id));
    expect(fb).toHaveLength(1);
    expect(fb[0]!.contact).toBeNull();
  });

  it('lets the phone register again as a new person', async () => {
    const { phone, id, tokens } = await fullUser();
    await askCode(tokens[0]);
    expect((await remove(tokens[0], t.codeFor(phone, 'delete_account'))).body.code).toBe(0);
    t.clock.advance(61_000);
    const again = await t.login(phone);
    expect(again.user.id).not.toBe(id);
    expect(again.user.nickname).toBe(`用户${phone.slice(-4)}`);
    expect(again.user).toMatchObject({ bio: '', birthday: null, gender: 0 });
    const me = await t.call<UserInfo>('GET', '/api/v1/user', { token: again.token });
    expect(me.body.data.id).toBe(again.user.id);
    // The old tokens stay dead for the new account.
    expect((await t.call('GET', '/api/v1/user', { token: tokens[0] })).body.code).toBe(20007);
  });

  it('uses up the deletion code', async () => {
    const { phone, tokens } = await fullUser();
    await askCode(tokens[0]);
    const code = t.codeFor(phone, 'delete_account');
    expect((await remove(tokens[0], code)).body.code).toBe(0);
    expect((await remove(tokens[1], code)).body.code).toBe(20007);
  });
});
