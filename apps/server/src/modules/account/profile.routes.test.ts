import { userInfo, type UserInfo } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t.close());

const put = (token: string, body: unknown) => t.call<UserInfo>('PUT', '/api/v1/user', { token, body });

/** Expects a refusal naming `field`, and that the profile did not change. */
async function refused(body: unknown, field: string) {
  const { token } = await t.login();
  const before = (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
  const res = await put(token, body);
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(res.body.code, JSON.stringify(body)).toBe(10001);
  expect(res.body.data, JSON.stringify(body)).toMatchObject({ field });
  expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  expect((await t.call('GET', '/api/v1/user', { token })).body.data).toEqual(before);
  return res.body.msg;
}

describe('GET /api/v1/user', () => {
  it('answers every field of the contract, the phone masked', async () => {
    const phone = '138' + randomPhone().slice(3, 7) + '0000';
    const { token, user } = await t.login(phone);
    const res = await t.call<UserInfo>('GET', '/api/v1/user', { token });
    expect(res.body.code).toBe(0);
    const settings = await t.call<{ signup_bonus: number }>('GET', '/api/v1/setting');
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(Object.keys(userInfo.shape).sort());
    expect(userInfo.parse(data)).toEqual(data);
    expect(data).toMatchObject({
      id: user.id,
      phone: '138****0000',
      nickname: '用户0000',
      gender: 0,
      birthday: null,
      bio: '',
      invite_code: user.invite_code,
      role: 'user',
      is_vip: false,
      vip_expires_at: null,
      // A new user holds the signup bonus (docs/product.md, Chips).
      chips: settings.body.data.signup_bonus,
    });
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);
    expect(JSON.stringify(res.body)).not.toContain(phone);
  });
});

describe('PUT /api/v1/user', () => {
  it('saves every editable field, visible in GET', async () => {
    const { token } = await t.login();
    const patch = {
      nickname: '灵犀小助手',
      avatar: '/media/avatars/female/female-3.svg',
      gender: 2,
      birthday: '1995-02-28',
      bio: '喜欢读书和旅行。',
    };
    const res = await put(token, patch);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject(patch);
    const after = await t.call<UserInfo>('GET', '/api/v1/user', { token });
    expect(after.body.data).toMatchObject(patch);
  });

  it('changes only the fields given', async () => {
    const { token } = await t.login();
    await put(token, { bio: '第一版', gender: 1 });
    await put(token, { nickname: '新名字' });
    const me = (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
    expect(me).toMatchObject({ bio: '第一版', gender: 1, nickname: '新名字' });
  });

  it('accepts a nickname of 1 and of 20 characters, trimmed', async () => {
    const { token } = await t.login();
    expect((await put(token, { nickname: '灵' })).body.data.nickname).toBe('灵');
    expect((await put(token, { nickname: '灵'.repeat(20) })).body.data.nickname).toBe('灵'.repeat(20));
    expect((await put(token, { nickname: '  小灵  ' })).body.data.nickname).toBe('小灵');
  });

  it('refuses a nickname of 0 or 21 characters, naming the field', async () => {
    expect(await refused({ nickname: '' }, 'nickname')).toBe('昵称不能为空');
    expect(await refused({ nickname: '   ' }, 'nickname')).toBe('昵称不能为空');
    expect(await refused({ nickname: '灵'.repeat(21) }, 'nickname')).toBe('昵称最多20个字符');
    await refused({ nickname: 42 }, 'nickname');
    await refused({ nickname: null }, 'nickname');
  });

  it('accepts a bio of 140 characters and an empty one, refuses 141', async () => {
    const { token } = await t.login();
    expect((await put(token, { bio: '字'.repeat(140) })).body.code).toBe(0);
    expect((await put(token, { bio: '' })).body.data.bio).toBe('');
    expect(await refused({ bio: '字'.repeat(141) }, 'bio')).toBe('个人简介最多140个字符');
  });

  it('accepts gender 0, 1 and 2 only', async () => {
    const { token } = await t.login();
    for (const gender of [0, 1, 2]) expect((await put(token, { gender })).body.data.gender).toBe(gender);
    for (const gender of [3, -1, 1.5, '1', null]) await refused({ gender }, 'gender');
  });

  it('accepts a valid birthday or null, refuses anything else', async () => {
    const { token } = await t.login();
    expect((await put(token, { birthday: '2000-02-29' })).body.data.birthday).toBe('2000-02-29');
    expect((await put(token, { birthday: null })).body.data.birthday).toBeNull();
    const bad = [
      '2001-02-29',
      '2023-13-01',
      '2023-04-31',
      '1990/01/01',
      '19900101',
      'tomorrow',
      '1800-01-01',
    ];
    for (const birthday of [...bad, '2999-01-01', 19900101]) await refused({ birthday }, 'birthday');
  });

  // An image on another host was accepted until the avatar check (avatar.routes.test.ts) refused it.
  it('accepts a preset avatar, and no URL on another host', async () => {
    const { token } = await t.login();
    for (const avatar of ['/media/avatars/male/male-1.svg']) {
      expect((await put(token, { avatar })).body.data.avatar).toBe(avatar);
    }
    const bad = ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.cn/a.png', '/etc/passwd', ''];
    const external = ['https://cdn.example.com/a.png', 'http://x.cn/b.jpg'];
    for (const avatar of [
      ...bad,
      ...external,
      'https://x.cn/"onerror="x',
      `https://x.cn/${'a'.repeat(500)}`,
    ]) {
      await refused({ avatar }, 'avatar');
    }
  });

  it('refuses fields that cannot be edited, naming them', async () => {
    for (const body of [
      { role: 'admin' },
      { chips: 99999 },
      { phone: '13800000000' },
      { nickname: '好', id: 1 },
    ]) {
      const { token, user } = await t.login();
      const res = await put(token, body);
      expect(res.body.code).toBe(10001);
      expect(res.body.msg).toContain('不支持修改的字段');
      const me = (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
      expect(me.role).toBe('user');
      expect(me.chips).toBe(user.chips);
      expect(me.nickname).not.toBe('好');
    }
  });

  it('refuses an empty or non-object body', async () => {
    const { token } = await t.login();
    const empty = await put(token, {});
    expect(empty.body.code).toBe(10001);
    expect(empty.body.msg).toBe('没有需要修改的内容');
    for (const body of ['[]', 'null', '"x"', '']) {
      const res = await put(token, body);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(10001);
    }
  });

  it('needs a token', async () => {
    expect((await t.call('PUT', '/api/v1/user', { body: { nickname: 'x' } })).body.code).toBe(20003);
  });
});

describe('ADMIN_PHONES', () => {
  it('makes the listed phones admins at login, and no one else', async () => {
    const phone = randomPhone();
    const admin = await (await startTestApp({ env: { ADMIN_PHONES: `13900000000, ${phone}` } })).listen();
    try {
      expect((await admin.login(phone)).user.role).toBe('admin');
      const me = await admin.login();
      expect(me.user.role).toBe('user');
    } finally {
      await admin.close();
    }
  });
});
