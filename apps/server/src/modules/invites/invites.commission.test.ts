import { randomUUID } from 'node:crypto';
import type { InviteReward, InviteRewardCount, Page } from '@lingxi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { users } from '../../db/schema/account.js';
import { inviteRewards } from '../../db/schema/invites.js';
import { notices } from '../../db/schema/notices.js';
import { earningsLedger } from '../../db/schema/wallet.js';

/**
 * docs/money.md, Invites: the commission of an invitee's fulfilled order and its reversal by a refund, called
 * as the payments module calls them, inside the transaction that fulfils or refunds the order.
 */
let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t?.close());
afterEach(() => expectLedgersBalance(t.db));

const DAY = 86_400_000;
const orderNo = () => `T${randomUUID().replace(/-/g, '').slice(0, 20)}`;
const fulfil = (o: { orderNo: string; userId: number; amountFen: number; fulfilledAt?: Date }) =>
  t.db.transaction((tx) => t.modules.invites.commissionFor(tx, { fulfilledAt: t.clock.now(), ...o }));
const refund = (o: { orderNo: string; userId: number }) =>
  t.db.transaction((tx) => t.modules.invites.reverseCommission(tx, o));
const earnings = (userId: number) => t.modules.wallet.earnings.balances(userId);
const ledger = (userId: number) =>
  t.db.select().from(earningsLedger).where(eq(earningsLedger.userId, userId));
const titles = async (userId: number) =>
  (await t.db.select().from(notices).where(eq(notices.userId, userId))).map((n) => n.title);
const counts = async (token: string) =>
  (await t.call<InviteRewardCount>('GET', '/api/v1/invite/reward/count', { token })).body.data;

async function pair() {
  const inviter = await t.login();
  const invitee = await t.login(randomPhone(), { invite_code: inviter.user.invite_code });
  return { inviter, invitee };
}

describe('the commission', () => {
  it('credits 10 % (rounded down) of a fulfilled order to the inviter, once, with a notice and a record', async () => {
    const { inviter, invitee } = await pair();
    const no = orderNo();
    await fulfil({ orderNo: no, userId: invitee.user.id, amountFen: 1999 });
    await fulfil({ orderNo: no, userId: invitee.user.id, amountFen: 1999 });
    await Promise.all(
      Array.from({ length: 5 }, () => fulfil({ orderNo: no, userId: invitee.user.id, amountFen: 1999 })),
    );
    expect(await earnings(inviter.user.id)).toEqual({ earnings: 199, frozen: 0, debt: 0 });
    expect(await ledger(inviter.user.id)).toEqual([
      expect.objectContaining({ delta: 199, reason: 'commission', idempotencyKey: `commission:${no}` }),
    ]);
    expect(await titles(inviter.user.id)).toContain('邀请佣金到账');
    const list = await t.call<Page<InviteReward>>('GET', '/api/v1/invite/reward', { token: inviter.token });
    expect(list.body.data.list[0]).toMatchObject({ kind: 'commission', amount_fen: 199, chips: 0 });
    expect(await counts(inviter.token)).toMatchObject({ commission_fen_total: 199 });
    // Nothing for the invitee, who invited nobody.
    expect(await earnings(invitee.user.id)).toEqual({ earnings: 0, frozen: 0, debt: 0 });
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const { inviter, invitee } = await pair();
    await expect(
      t.db.transaction(async (tx) => {
        await t.modules.invites.commissionFor(tx, {
          orderNo: orderNo(),
          userId: invitee.user.id,
          amountFen: 5000,
          fulfilledAt: t.clock.now(),
        });
        throw new Error('fulfilment failed');
      }),
    ).rejects.toThrow('fulfilment failed');
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 0 });
    expect(await titles(inviter.user.id)).not.toContain('邀请佣金到账');
  });

  it('stops after 365 days from the signup', async () => {
    const { inviter, invitee } = await pair();
    const signup = t.clock.now().getTime();
    await fulfil({
      orderNo: orderNo(),
      userId: invitee.user.id,
      amountFen: 1000,
      fulfilledAt: new Date(signup + 365 * DAY),
    });
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 100 });
    await fulfil({
      orderNo: orderNo(),
      userId: invitee.user.id,
      amountFen: 1000,
      fulfilledAt: new Date(signup + 365 * DAY + 1000),
    });
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 100 });
  });

  it('is nothing for a user nobody invited, an order under 10 fen, or a disabled inviter', async () => {
    const alone = await t.login();
    await fulfil({ orderNo: orderNo(), userId: alone.user.id, amountFen: 10_000 });
    const { inviter, invitee } = await pair();
    await fulfil({ orderNo: orderNo(), userId: invitee.user.id, amountFen: 9 });
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 0 });
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, inviter.user.id));
    await fulfil({ orderNo: orderNo(), userId: invitee.user.id, amountFen: 10_000 });
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 0 });
    const rows = await t.db.select().from(inviteRewards).where(eq(inviteRewards.inviterId, inviter.user.id));
    expect(rows.map((r) => r.kind)).toEqual(['signup']);
  });

  it('is nothing for an invitee whose phone had an account before', async () => {
    const inviter = await t.login();
    const phone = randomPhone();
    const first = await t.login(phone);
    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/v1/user/deletion/code', { token: first.token })).body.code).toBe(0);
    const code = t.codeFor(phone, 'delete_account');
    expect((await t.call('DELETE', '/api/v1/user', { token: first.token, body: { code } })).body.code).toBe(
      0,
    );
    t.clock.advance(61_000);
    const again = await t.login(phone, { invite_code: inviter.user.invite_code });
    await fulfil({ orderNo: orderNo(), userId: again.user.id, amountFen: 10_000 });
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 0 });
  });
});

describe('the reversal', () => {
  it('takes the commission back once, with a record and a notice', async () => {
    const { inviter, invitee } = await pair();
    const no = orderNo();
    await fulfil({ orderNo: no, userId: invitee.user.id, amountFen: 3000 });
    await fulfil({ orderNo: orderNo(), userId: invitee.user.id, amountFen: 1000 });
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 400 });
    await Promise.all(Array.from({ length: 5 }, () => refund({ orderNo: no, userId: invitee.user.id })));
    expect(await earnings(inviter.user.id)).toEqual({ earnings: 100, frozen: 0, debt: 0 });
    expect(await ledger(inviter.user.id)).toContainEqual(
      expect.objectContaining({ delta: -300, reason: 'commission_reversal' }),
    );
    expect(await titles(inviter.user.id)).toContain('邀请佣金已扣回');
    expect(await counts(inviter.token)).toMatchObject({ commission_fen_total: 100 });
    const list = await t.call<Page<InviteReward>>('GET', '/api/v1/invite/reward', { token: inviter.token });
    expect(list.body.data.list[0]).toMatchObject({ kind: 'commission_reversal', amount_fen: -300 });
  });

  it('records a debt when the earnings were spent, settled from later earnings', async () => {
    const { inviter, invitee } = await pair();
    const no = orderNo();
    await fulfil({ orderNo: no, userId: invitee.user.id, amountFen: 5000 });
    // The inviter spends 400 of the 500 (an operator's adjustment stands in for a withdrawal here).
    await t.modules.wallet.earnings.apply({
      userId: inviter.user.id,
      delta: -400,
      reason: 'admin',
      idempotencyKey: `test:${randomUUID()}`,
    });
    await refund({ orderNo: no, userId: invitee.user.id });
    expect(await earnings(inviter.user.id)).toEqual({ earnings: 0, frozen: 0, debt: 400 });
    const [notice] = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, inviter.user.id), eq(notices.type, 'invite_commission_reversal')));
    expect(notice!.body).toContain('¥4.00');
    await expectLedgersBalance(t.db);
    // The next commission pays the debt off first.
    await fulfil({ orderNo: orderNo(), userId: invitee.user.id, amountFen: 6000 });
    expect(await earnings(inviter.user.id)).toEqual({ earnings: 200, frozen: 0, debt: 0 });
  });

  it("does nothing for an order without a commission, or another user's order", async () => {
    const { inviter, invitee } = await pair();
    const other = await t.login();
    const no = orderNo();
    await refund({ orderNo: no, userId: invitee.user.id });
    await fulfil({ orderNo: no, userId: invitee.user.id, amountFen: 1000 });
    await refund({ orderNo: no, userId: other.user.id });
    expect(await earnings(inviter.user.id)).toMatchObject({ earnings: 100 });
  });
});
