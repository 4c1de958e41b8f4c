import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { AppError } from '../../platform/errors.js';
import type { EarningChange } from './earnings.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});
afterAll(async () => {
  await t?.close();
});

const earnings = () => t.modules.wallet.earnings;
const key = () => `test:${randomUUID()}`;
const change = (userId: number, delta: number, o: Partial<EarningChange> = {}): EarningChange => ({
  userId,
  delta,
  reason: delta >= 0 ? 'commission' : 'commission_reversal',
  idempotencyKey: key(),
  ...o,
});
const newUser = async () => (await t.login()).user.id;

describe('the earnings account', () => {
  it('credits and debits, each a ledger row with the balance after it', async () => {
    const id = await newUser();
    expect(await earnings().apply(change(id, 500))).toEqual({ applied: true, balance: 500, moved: 500 });
    expect(await earnings().apply(change(id, -200))).toEqual({ applied: true, balance: 300, moved: -200 });
    expect(await earnings().balances(id)).toEqual({ earnings: 300, frozen: 0, debt: 0 });
    expect(await earnings().ledgerSum(id)).toBe(300);
    const page = await earnings().records(id, undefined, 10);
    expect(page.rows.map((r) => [r.delta, r.balanceAfter])).toEqual([
      [-200, 300],
      [500, 500],
    ]);
  });

  it('refuses a debit beyond the available part without allowDebt, moving and writing nothing', async () => {
    const id = await newUser();
    await earnings().apply(change(id, 100));
    const c = change(id, -101);
    const err = await earnings()
      .apply(c)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(10009);
    expect((err as AppError).message).toBe('可提现收益不足');
    expect(await earnings().balances(id)).toEqual({ earnings: 100, frozen: 0, debt: 0 });
    expect((await earnings().records(id, undefined, 10)).rows).toHaveLength(1);
  });

  it('takes a debit with allowDebt as far as it goes: the ledger row records what was taken, the rest is a debt', async () => {
    const id = await newUser();
    await earnings().apply(change(id, 50));
    // Less than half the balance: all of it is taken (the ledger row must say 30, not what is left).
    expect(await earnings().apply(change(id, -30), { allowDebt: true })).toEqual({
      applied: true,
      balance: 20,
      moved: -30,
    });
    // More than the balance: 20 taken, 80 owed.
    expect(await earnings().apply(change(id, -100), { allowDebt: true })).toEqual({
      applied: true,
      balance: 0,
      moved: -20,
    });
    expect(await earnings().balances(id)).toEqual({ earnings: 0, frozen: 0, debt: 80 });
    // Nothing available: all of it owed, a ledger row of 0.
    expect(await earnings().apply(change(id, -10), { allowDebt: true })).toMatchObject({
      balance: 0,
      moved: 0,
    });
    expect(await earnings().balances(id)).toEqual({ earnings: 0, frozen: 0, debt: 90 });
    expect(await earnings().ledgerSum(id)).toBe(0);
  });

  it('pays the debt first from a credit: only what is left becomes available', async () => {
    const id = await newUser();
    await earnings().apply(change(id, -70), { allowDebt: true });
    expect(await earnings().apply(change(id, 50))).toEqual({ applied: true, balance: 0, moved: 0 });
    expect(await earnings().balances(id)).toEqual({ earnings: 0, frozen: 0, debt: 20 });
    expect(await earnings().apply(change(id, 50))).toEqual({ applied: true, balance: 30, moved: 30 });
    expect(await earnings().balances(id)).toEqual({ earnings: 30, frozen: 0, debt: 0 });
    expect(await earnings().ledgerSum(id)).toBe(30);
  });

  it('moves once for one key, applied twice in a row or 10 times at once', async () => {
    const id = await newUser();
    const c = change(id, 40);
    await earnings().apply(c);
    expect(await earnings().apply(c)).toEqual({ applied: false, balance: 40, moved: 0 });
    const d = change(id, -15);
    const results = await Promise.all(Array.from({ length: 10 }, () => earnings().apply(d)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await earnings().balances(id)).toEqual({ earnings: 25, frozen: 0, debt: 0 });
    expect((await earnings().records(id, undefined, 10)).rows).toHaveLength(2);
  });

  it('loses no change among concurrent credits and debits of one user under different keys', async () => {
    const id = await newUser();
    await earnings().apply(change(id, -100), { allowDebt: true });
    await Promise.all([
      ...Array.from({ length: 15 }, () => earnings().apply(change(id, 20))),
      ...Array.from({ length: 10 }, () => earnings().apply(change(id, -7), { allowDebt: true })),
    ]);
    // 300 credited, 100 of it to the debt; 70 debited, never below zero: whatever the order, the ledger
    // holds what the balance says and debt + available accounts for every fen.
    const b = await earnings().balances(id);
    expect(b.earnings - b.debt).toBe(300 - 100 - 70);
    expect(await earnings().ledgerSum(id)).toBe(b.earnings);
  });

  it('freezes only what is available, releases it back with a ledger row, pays it out without one', async () => {
    const id = await newUser();
    await earnings().apply(change(id, 300));
    // In one transaction: frozen money belongs to an open withdrawal, which this test has none of.
    await t.db.transaction(async (tx) => {
      const ref = { userId: id, refType: 'withdrawal', refId: 'x' };
      await expect(earnings().freeze(tx, { ...ref, amount: 301, idempotencyKey: key() })).rejects.toThrow(
        '可提现收益不足',
      );
      const k = key();
      expect(await earnings().freeze(tx, { ...ref, amount: 200, idempotencyKey: k })).toMatchObject({
        applied: true,
        balance: 100,
      });
      expect(await earnings().freeze(tx, { ...ref, amount: 200, idempotencyKey: k })).toMatchObject({
        applied: false,
      });
      expect(await earnings().balances(id, tx)).toEqual({ earnings: 100, frozen: 200, debt: 0 });
      await earnings().release(tx, { ...ref, amount: 50, idempotencyKey: key() });
      expect(await earnings().balances(id, tx)).toEqual({ earnings: 150, frozen: 150, debt: 0 });
      await earnings().payOut(tx, id, 150);
      expect(await earnings().balances(id, tx)).toEqual({ earnings: 150, frozen: 0, debt: 0 });
      await expect(earnings().payOut(tx, id, 1)).rejects.toThrow();
    });
    expect(await earnings().ledgerSum(id)).toBe(150);
    const reasons = (await earnings().records(id, undefined, 10)).rows.map((r) => [r.reason, r.delta]);
    expect(reasons).toEqual([
      ['withdrawal_returned', 50],
      ['withdrawal', -200],
      ['commission', 300],
    ]);
  });
});
