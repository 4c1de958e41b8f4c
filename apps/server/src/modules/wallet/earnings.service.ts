import { type EarningReason, ErrorCode } from '@lingxi/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import { earningsRepository as repo } from './earnings.repository.js';

export type EarningChange = {
  userId: number;
  /** Fen: positive credits (paying off a debt first), negative debits. */
  delta: number;
  reason: EarningReason;
  /** The same key never moves earnings twice. */
  idempotencyKey: string;
  refType?: string;
  refId?: string;
  note?: string;
};

export type EarningResult = {
  /** False when the key had been applied already (nothing moved now). */
  applied: boolean;
  /** Available earnings after. */
  balance: number;
  /** What the ledger row moved: a credit less the debt it paid off, a debit as far as it was covered. */
  moved: number;
};

export const insufficientEarnings = () => new AppError(ErrorCode.CONFLICT, '可提现收益不足');

/**
 * The earnings account (fen), the wallet's second account (docs/product.md, Money): available, frozen by open
 * withdrawals, and a debt a refund could not take back. Every change of the available part is a ledger row
 * in the same transaction, keyed for idempotency; no part ever goes below zero.
 */
export class EarningsAccount {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * A credit or a debit. `allowDebt`: a debit the available part cannot cover is taken as far as it goes and
   * the rest recorded as a debt; otherwise it is refused with "可提现收益不足".
   */
  async apply(change: EarningChange, o: { allowDebt?: boolean; tx?: Executor } = {}): Promise<EarningResult> {
    const { tx } = o;
    if (!tx) return this.db.transaction((t) => this.apply(change, { ...o, tx: t }));
    return this.once(tx, change, async () => {
      if (change.delta >= 0) {
        const r = await repo.credit(tx, change.userId, change.delta);
        return r && { balance: r.balance, moved: r.net };
      }
      const r = await repo.debit(tx, change.userId, -change.delta, { debt: !!o.allowDebt, freeze: false });
      return r && { balance: r.balance, moved: 0 - r.taken };
    });
  }

  /** Moves `amount` from available to frozen (a withdrawal requested); refused unless it fits. */
  freeze(tx: Executor, change: Omit<EarningChange, 'delta' | 'reason'> & { amount: number }) {
    return this.once(tx, { ...change, delta: -change.amount, reason: 'withdrawal' }, async () => {
      const r = await repo.debit(tx, change.userId, change.amount, { debt: false, freeze: true });
      return r && { balance: r.balance, moved: 0 - r.taken };
    });
  }

  /** Frozen money returns to available (a withdrawal rejected): a ledger row. */
  release(tx: Executor, change: Omit<EarningChange, 'delta' | 'reason'> & { amount: number }) {
    return this.once(tx, { ...change, delta: change.amount, reason: 'withdrawal_returned' }, async () => {
      const balance = await repo.unfreeze(tx, change.userId, change.amount, true);
      return balance === undefined ? undefined : { balance, moved: change.amount };
    });
  }

  /** Frozen money leaves (a withdrawal paid out): available is unchanged, so no ledger row. */
  async payOut(tx: Executor, userId: number, amount: number) {
    if ((await repo.unfreeze(tx, userId, amount, false)) === undefined)
      throw new Error(`user ${userId} has less than ${amount} frozen`);
  }

  private async once(
    tx: Executor,
    change: EarningChange,
    move: () => Promise<{ balance: number; moved: number } | undefined>,
  ): Promise<EarningResult> {
    await repo.lockKey(tx, change.idempotencyKey);
    if (await repo.byKey(tx, change.idempotencyKey)) {
      const { earnings } = await repo.balances(tx, change.userId);
      return { applied: false, balance: earnings, moved: 0 };
    }
    const r = await move();
    if (!r) throw insufficientEarnings();
    await repo.insert(tx, {
      userId: change.userId,
      delta: r.moved,
      balanceAfter: r.balance,
      reason: change.reason,
      refType: change.refType,
      refId: change.refId,
      idempotencyKey: change.idempotencyKey,
      note: change.note,
      createdAt: this.clock.now(),
    });
    return { applied: true, ...r };
  }

  balances(userId: number, tx: Executor = this.db) {
    return repo.balances(tx, userId);
  }

  async records(userId: number, cursor: string | undefined, limit: number) {
    return idPage(await repo.records(this.db, userId, decodeIdCursor(cursor), limit), limit);
  }

  /** For tests and audits: sum(ledger) must equal the available earnings. */
  ledgerSum(userId: number) {
    return repo.ledgerSum(this.db, userId);
  }
}
