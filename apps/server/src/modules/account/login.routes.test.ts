import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t.close());

describe('phone login', () => {
  it('creates the user on first login and returns a working token', async () => {
    const phone = randomPhone();
    const { token, user } = await t.login(phone);
    expect(user.nickname).toBe(`用户${phone.slice(-4)}`);
    expect(user.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(user.invite_code).toMatch(/^[A-Z0-9]{6,8}$/);
    const me = await t.call('GET', '/api/v1/user', { token });
    expect(me.body.code).toBe(0);
  });
});
