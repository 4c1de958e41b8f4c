import { type ChipReason, ErrorCode } from '@lingxi/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { walletRepository as repo } from './wallet.repository.js';

export type ChipChange = {
  userId: number;
  delta: number;
  reason: ChipReason;
  /** The same key never moves chips twice. */
  idempotencyKey: string;
  refType?: string;
  refId?: string;
  note?: string;
};

export const insufficientChips = (balance: number, price: number) =>
  new AppError(ErrorCode.INSUFFICIENT_CHIPS, '芯片余额不足，请前往会员中心充值', { balance, price });

/** How long chips stay set aside for a reply that never reports back (a crashed process). */
const HOLD_TTL_MS = 10 * 60_000;

/**
 * The only writer of chip balances (ARCHITECTURE.md): every change is a ledger row written in the same
 * transaction as the balance, keyed for idempotency; the balance never goes below zero.
 */
export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Applies a change inside the caller's transaction, or its own. Returns the balance after it. */
  async apply(change: ChipChange, tx?: Executor): Promise<{ balance: number; applied: boolean }> {
    if (!tx) return this.db.transaction((t) => this.apply(change, t));
    await repo.lockKey(tx, change.idempotencyKey);
    const done = await repo.ledgerByKey(tx, change.idempotencyKey);
    if (done) return { balance: await repo.balance(tx, change.userId), applied: false };
    const balance = await repo.addToBalance(tx, change.userId, change.delta);
    if (balance === undefined) throw insufficientChips(await repo.balance(tx, change.userId), -change.delta);
    await repo.insertLedger(tx, this.ledgerRow(change, balance));
    return { balance, applied: true };
  }

  private ledgerRow(change: ChipChange, balance: number) {
    return {
      userId: change.userId,
      delta: change.delta,
      balanceAfter: balance,
      reason: change.reason,
      refType: change.refType,
      refId: change.refId,
      idempotencyKey: change.idempotencyKey,
      note: change.note,
      createdAt: this.clock.now(),
    };
  }

  /** Chips a user can spend now: the balance less what replies in progress have set aside. */
  available(userId: number) {
    return repo.available(this.db, userId);
  }

  /** Sets `amount` aside for a reply, refusing with 30001 when the user cannot pay for it. */
  async hold(userId: number, amount: number, ref: string) {
    if (amount <= 0) return;
    const expiresAt = new Date(this.clock.now().getTime() + HOLD_TTL_MS);
    if (!(await repo.hold(this.db, { userId, amount, ref, expiresAt }))) {
      throw insufficientChips(await repo.available(this.db, userId), amount);
    }
  }

  /**
   * Ends a hold: charges it (once: a hold can be taken only once, and the ledger key is unique) or lets it
   * go. Returns the balance after.
   */
  async settle(userId: number, ref: string, charge: ChipChange | null): Promise<number> {
    if (!charge || charge.delta === 0) {
      return (await repo.releaseHold(this.db, ref, 0)) ?? repo.balance(this.db, userId);
    }
    const { userId: _owner, balanceAfter: _unknown, ...row } = this.ledgerRow(charge, 0);
    const balance = await repo.chargeHold(this.db, ref, row);
    // No hold left (it expired): charge through the ordinary path, which may refuse.
    return balance ?? (await this.apply(charge)).balance;
  }

  /** Lets go of holds of replies that never reported back; run periodically. */
  releaseExpiredHolds() {
    return repo.releaseExpiredHolds(this.db, this.clock.now());
  }

  async records(userId: number, beforeId: number | undefined, limit: number) {
    return repo.records(this.db, userId, beforeId, limit);
  }

  /** For tests and audits: sum(ledger) must equal the balance. */
  async ledgerSum(userId: number) {
    return repo.ledgerSum(this.db, userId);
  }
}
