import { randomBytes } from 'node:crypto';
import type { AdminPage, AdminUserDetail, AdminUserRow } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/account.js';
import { startCreationApp, createBot, makeVip } from '../../../test/bots.js';
import { seedPost } from '../../../test/community.js';
import { randomPhone, type TestApp } from '../../../test/helpers.js';
import { buy } from '../../../test/payments.js';

/** The operators' user list, its CSV and a user's detail (docs/admin.md, Users). */
describe('operators: the user list and a user', () => {
  let t: TestApp;
  let adminToken: string;
  /** A word in the nicknames of this run's users only (tests share the PostgreSQL database). */
  const tag = randomBytes(4).toString('hex');
  const seeded: { id: number; phone: string; token: string; nickname: string }[] = [];

  const list = (query: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    return t.call<AdminPage<AdminUserRow>>('GET', `/api/v1/admin/user?${params}`, { token: adminToken });
  };

  beforeAll(async () => {
    const started = await startCreationApp();
    t = started.t;
    adminToken = started.admin.token;
    const names = [`Alice${tag}`, `bob${tag}`, `卡罗尔${tag}`, `=SUM(1)${tag}`, `丁,"五"${tag}`];
    for (const [i, nickname] of names.entries()) {
      t.clock.advance(60_000);
      const { phone, token, user } = await t.login(randomPhone());
      await t.db.update(users).set({ nickname }).where(eq(users.id, user.id));
      // Balances through the wallet, so the ledgers still add up.
      const key = `seed:${user.id}`;
      const { wallet } = t.modules;
      await wallet.apply({
        userId: user.id,
        delta: 100 * (i + 1) - user.chips,
        reason: 'admin',
        idempotencyKey: key,
      });
      if (i)
        await wallet.earnings.apply({
          userId: user.id,
          delta: 1234 * i,
          reason: 'admin',
          idempotencyKey: key,
        });
      seeded.push({ id: user.id, phone, token, nickname });
    }
    await makeVip(t, seeded[1]!.id, 10);
  });
  afterAll(() => t?.close());

  it('finds users by a nickname part (any case), newest first, with the full phone and balances', async () => {
    const res = await list({ q: `ALICE${tag}` });
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(1);
    const [row] = res.body.data.list;
    expect(row).toMatchObject({
      id: seeded[0]!.id,
      phone: seeded[0]!.phone,
      nickname: `Alice${tag}`,
      role: 'user',
      status: 'active',
      is_vip: false,
      chips: 100,
      earnings_fen: 0,
    });
    expect(row!.last_active_at).not.toBeNull();

    const all = await list({ q: tag });
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.list.map((r) => r.id)).toEqual(seeded.map((s) => s.id).reverse());
  });

  it('finds a user by the whole phone, its first digits, or the id', async () => {
    const { id, phone } = seeded[2]!;
    const whole = await list({ q: phone });
    expect(whole.body.data.list.map((r) => r.id)).toEqual([id]);
    const prefix = await list({ q: phone.slice(0, 9), page_size: 100 });
    expect(prefix.body.data.list.map((r) => r.id)).toContain(id);
    expect(
      prefix.body.data.list.every(
        (r) => r.phone?.startsWith(phone.slice(0, 9)) || r.id === Number(phone.slice(0, 9)),
      ),
    ).toBe(true);
    const byId = await list({ q: id });
    expect(byId.body.data.list.map((r) => r.id)).toContain(id);
  });

  it('takes LIKE wildcards in the search text literally', async () => {
    expect((await list({ q: `%${tag}` })).body.data.total).toBe(0);
    expect((await list({ q: '_' })).body.data.list.every((r) => r.nickname.includes('_'))).toBe(true);
  });

  it('filters by status, role and membership, sorts by chips and pages with a total', async () => {
    const vip = await list({ q: tag, vip: 'yes' });
    expect(vip.body.data.list.map((r) => r.id)).toEqual([seeded[1]!.id]);
    expect(vip.body.data.list[0]!.is_vip).toBe(true);
    expect((await list({ q: tag, vip: 'no' })).body.data.total).toBe(4);
    expect((await list({ q: tag, role: 'admin' })).body.data.total).toBe(0);
    expect((await list({ q: tag, status: 'disabled' })).body.data.total).toBe(0);
    expect((await list({ q: tag, status: 'active' })).body.data.total).toBe(5);

    const asc = await list({ q: tag, sort: 'chips', order: 'asc' });
    expect(asc.body.data.list.map((r) => r.chips)).toEqual([100, 200, 300, 400, 500]);
    const page2 = await list({ q: tag, sort: 'chips', order: 'desc', page: 2, page_size: 2 });
    expect(page2.body.data).toMatchObject({ total: 5 });
    expect(page2.body.data.list.map((r) => r.chips)).toEqual([300, 200]);
    const created = await list({ q: tag, sort: 'created_at', order: 'asc' });
    expect(created.body.data.list.map((r) => r.id)).toEqual(seeded.map((s) => s.id));

    const admins = await list({ role: 'admin', page_size: 100 });
    expect(admins.body.data.list.every((r) => r.role === 'admin')).toBe(true);
  });

  it('refuses bad filters with 10001, never a 500', async () => {
    for (const query of [
      { page_size: 1000 },
      { page: 0 },
      { sort: 'phone' },
      { order: 'up' },
      { status: 'gone' },
      { vip: 'maybe' },
      { role: 'root' },
      { q: 'x'.repeat(101) },
      { q: 'a\u0000b' },
      { page: '1e400' },
    ])
      expect({ query, code: (await list(query)).body.code }).toEqual({ query, code: 10001 });
    // A number too long to be a phone or an id is still a nickname search.
    expect((await list({ q: '9'.repeat(40) })).body.code).toBe(0);
  });

  it('exports the filtered list as CSV: BOM, Chinese header, formula-safe and quoted cells', async () => {
    const res = await fetch(`${t.base}/api/v1/admin/user/export.csv?q=${tag}&sort=chips&order=asc`, {
      headers: { token: adminToken },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('users.csv');
    // Read as bytes: a TextDecoder would drop the BOM.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(
      text.startsWith(
        '\uFEFF用户ID,手机号,昵称,角色,状态,会员到期,芯片,可提现收益(元),注册时间,最近活跃\r\n',
      ),
    ).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(`${seeded[0]!.id},${seeded[0]!.phone},Alice${tag},用户,正常,,100,0.00,`);
    expect(lines[4]).toContain(`,'=SUM(1)${tag},`);
    expect(lines[5]).toContain(`,"丁,""五""${tag}",用户,正常,,500,49.36,`);
    expect(lines[2]).toMatch(
      new RegExp(`,bob${tag},用户,正常,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},200,12\\.34,`),
    );

    const refused = await t.call('GET', '/api/v1/admin/user/export.csv?status=gone', { token: adminToken });
    expect(refused.body.code).toBe(10001);
  });

  it("shows a user's profile, wallet, counts and latest orders, bots, posts, logins and chip records", async () => {
    const { id, token } = seeded[4]!;
    await buy(t, token, 'chips', 'c600');
    const bot = await createBot(t, token);
    await seedPost(t, id, { content: '运营可以看到的帖子' });
    t.clock.advance(61_000);
    await t.login(seeded[4]!.phone, { ip: '10.9.8.7' });

    const res = await t.call<AdminUserDetail>('GET', `/api/v1/admin/user/${id}`, { token: adminToken });
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.user).toMatchObject({ id, phone: seeded[4]!.phone, status: 'active', invited_by: null });
    expect(d.wallet).toMatchObject({ chips_held: 0, earnings_fen: 4936, vip: { active: false } });
    expect(d.wallet.chips).toBe(d.user.chips);
    expect(d.counts).toMatchObject({ orders: 1, bots: 1, posts: 1, invitees: 0 });
    expect(d.orders[0]).toMatchObject({ kind: 'chips', status: 'fulfilled' });
    expect(d.bots.map((b) => b.id)).toEqual([bot.id]);
    expect(d.posts[0]).toMatchObject({ excerpt: '运营可以看到的帖子', status: 'published' });
    expect(d.sessions).toHaveLength(2);
    expect(d.sessions[0]).toMatchObject({ ip: '10.9.8.7', revoked: false });
    expect(d.chip_records[0]).toMatchObject({ reason: 'top_up', delta: 600 });
  });

  it('answers 10004 for an unknown user and 10001 for an id that is not one', async () => {
    const unknown = await t.call('GET', '/api/v1/admin/user/999999999999', { token: adminToken });
    expect(unknown.body.code).toBe(10004);
    for (const id of ['abc', '0', '-3', '1.5', '1e400', '99999999999999999999999', '%00'])
      expect({
        id,
        code: (await t.call('GET', `/api/v1/admin/user/${id}`, { token: adminToken })).body.code,
      }).toEqual({
        id,
        code: 10001,
      });
  });
});
