import type { AdminUserRow, UserInfo } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/account.js';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditOf, userAction } from '../../../test/users-admin.js';

/** Disabling and enabling accounts, and the operator role (docs/admin.md, Users). */
describe('operators: disable, enable and the operator role', () => {
  let t: TestApp;
  let admin: { token: string; user: UserInfo };

  const me = (token: string) => t.call<UserInfo>('GET', '/api/v1/user', { token });

  beforeAll(async () => {
    const started = await startCreationApp();
    t = started.t;
    admin = started.admin;
  });
  afterAll(() => t?.close());

  it('disables a user: their very next request answers 100001; enabling lets the same token in again', async () => {
    const { token, user } = await t.login();
    expect((await me(token)).body.code).toBe(0);

    const res = await userAction(
      t,
      admin.token,
      user.id,
      'disable',
      { reason: '发布违规内容' },
      { ip: '10.1.2.3' },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ id: user.id, status: 'disabled' });
    expect((await me(token)).body.code).toBe(100001);
    expect((await me(token)).body.code).toBe(100001);

    const enabled = await userAction(t, admin.token, user.id, 'enable', {}, { ip: '10.1.2.4' });
    expect(enabled.body.data.status).toBe('active');
    expect((await me(token)).body.code).toBe(0);

    const audit = await auditOf(t, `user:${user.id}`);
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after, a.ip, a.detail])).toEqual([
      [
        'user.disable',
        admin.user.id,
        { status: 'active' },
        { status: 'disabled' },
        '10.1.2.3',
        { reason: '发布违规内容' },
      ],
      ['user.enable', admin.user.id, { status: 'disabled' }, { status: 'active' }, '10.1.2.4', {}],
    ]);
  });

  it('a disabled user cannot log in again until enabled', async () => {
    const { phone, user } = await t.login();
    await userAction(t, admin.token, user.id, 'disable', { reason: '冻结' });
    t.clock.advance(61_000);
    await expect(t.login(phone)).rejects.toThrow('账号已被禁用');
  });

  it('refuses: oneself, twice, a deleted account, an unknown one; the user keeps their state', async () => {
    expect(
      (await userAction(t, admin.token, admin.user.id, 'disable', { reason: '测试' })).body,
    ).toMatchObject({
      code: 10003,
      msg: '不能禁用自己的账号',
    });
    expect((await me(admin.token)).body.code).toBe(0);

    const { user } = await t.login();
    await userAction(t, admin.token, user.id, 'disable', { reason: '一' });
    const again = await userAction(t, admin.token, user.id, 'disable', { reason: '二' });
    expect(again.body).toMatchObject({ code: 10009, msg: '该用户已被禁用' });
    const enabled = await userAction(t, admin.token, user.id, 'enable', {});
    expect(enabled.body.code).toBe(0);
    expect((await userAction(t, admin.token, user.id, 'enable', {})).body.code).toBe(10009);

    const gone = await t.login();
    await t.db.update(users).set({ status: 'deleted', phone: null }).where(eq(users.id, gone.user.id));
    for (const [action, body] of [
      ['disable', { reason: '注销' }],
      ['enable', {}],
      ['role', { role: 'admin' }],
      ['chips', { delta: 5, reason: '补偿', idempotency_key: 'deleted-account-1' }],
      ['vip', { days: 5, reason: '补偿' }],
    ] as const) {
      const res = await userAction(t, admin.token, gone.user.id, action, body);
      expect({ action, ...res.body }).toMatchObject({ action, code: 10009, msg: '该账号已注销，无法修改' });
    }
    expect(await auditOf(t, `user:${gone.user.id}`)).toEqual([]);

    expect((await userAction(t, admin.token, 999_999_999_999, 'disable', { reason: 'x' })).body.code).toBe(
      10004,
    );
  });

  it('refuses bad input with 10001: no reason, NUL bytes, lone surrogates, odd ids', async () => {
    const { token, user } = await t.login();
    for (const body of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'a\u0000b' },
      { reason: '\ud800原因' },
      { reason: '长'.repeat(201) },
      { reason: 42 },
    ])
      expect({ body, code: (await userAction(t, admin.token, user.id, 'disable', body)).body.code }).toEqual({
        body,
        code: 10001,
      });
    for (const id of ['abc', '0', '-1', '2.5', '1e400', '123456789012345678901234'])
      expect({
        id,
        code: (await userAction(t, admin.token, id, 'disable', { reason: 'x' })).body.code,
      }).toEqual({
        id,
        code: 10001,
      });
    expect((await userAction(t, admin.token, user.id, 'role', { role: 'root' })).body.code).toBe(10001);
    expect((await me(token)).body.code).toBe(0);
    expect(await auditOf(t, `user:${user.id}`)).toEqual([]);
  });

  it('50 identical disables at once: one takes effect, one audit row; the rest are told it is done', async () => {
    const { token, user } = await t.login();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => userAction(t, admin.token, user.id, 'disable', { reason: '并发' })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10009)).toHaveLength(49);
    expect(await auditOf(t, `user:${user.id}`)).toHaveLength(1);
    expect((await me(token)).body.code).toBe(100001);
  });

  it('grants and revokes the operator role, effective on the next request', async () => {
    const other = await t.login();
    const asOther = () => t.call('GET', '/api/v1/admin/user', { token: other.token });
    expect((await asOther()).body.code).toBe(10003);

    const granted = await userAction(t, admin.token, other.user.id, 'role', { role: 'admin' });
    expect(granted.body.data).toMatchObject({ id: other.user.id, role: 'admin' });
    expect((await asOther()).body.code).toBe(0);
    expect((await userAction(t, admin.token, other.user.id, 'role', { role: 'admin' })).body).toMatchObject({
      code: 10009,
      msg: '该用户已是运营',
    });

    // The new operator acts on the first: revoking the first's role is allowed, their own is not.
    const own = await userAction(t, other.token, other.user.id, 'role', { role: 'user' });
    expect(own.body).toMatchObject({ code: 10003, msg: '不能取消自己的运营权限' });
    expect((await asOther()).body.code).toBe(0);

    const revoked = await userAction(t, admin.token, other.user.id, 'role', { role: 'user' });
    expect(revoked.body.data.role).toBe('user');
    expect((await asOther()).body.code).toBe(10003);

    const audit = await auditOf(t, `user:${other.user.id}`);
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      ['user.grant_admin', admin.user.id, { role: 'user' }, { role: 'admin' }],
      ['user.revoke_admin', admin.user.id, { role: 'admin' }, { role: 'user' }],
    ]);
    expect(audit.every((a) => a.ip)).toBe(true);
  });

  it("one operator disables another: the other's token answers 100001 at once", async () => {
    const second = await t.login();
    await userAction(t, admin.token, second.user.id, 'role', { role: 'admin' });
    const list = () => t.call<{ list: AdminUserRow[] }>('GET', '/api/v1/admin/user', { token: second.token });
    expect((await list()).body.code).toBe(0);
    expect((await userAction(t, admin.token, second.user.id, 'disable', { reason: '离职' })).body.code).toBe(
      0,
    );
    expect((await list()).body.code).toBe(100001);
    // …and a disabled operator can do nothing to the one who disabled them.
    const back = await userAction(t, second.token, admin.user.id, 'disable', { reason: '报复' });
    expect(back.body.code).toBe(100001);
    expect((await me(admin.token)).body.code).toBe(0);
  });
});
