import { type ChipReason, ErrorCode } from '@lingxi/contract';
import { AnnouncedCache, type Listen } from '../../platform/announced-cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import { EarningsAccount } from './earnings.service.js';
import { Membership } from './membership.js';
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

/**
 * The only writer of chip balances (docs/architecture.md, Module map): every change is a ledger row written in the same
 * transaction as the balance, keyed for idempotency; the balance never goes below zero.
 */
export class WalletService {
  /**
   * What a user can spend (balance less holds), in memory where the database announces every change to
   * either (migration 0009; docs/scaling.md): learnt when a reply settles, lowered by each hold taken from
   * it. Only a fast path: the hold's row is written with the balance checked in SQL all the same.
   */
  private readonly spendable = new AnnouncedCache<number, { available: number }>({ max: 100_000, ttlMs: 0 });
  /** Holds taken from memory whose row is still being written, by user. */
  private readonly writing = new Map<number, number>();
  /** The second account: earnings in fen (available, frozen, debt). */
  readonly earnings: EarningsAccount;
  /** VIP membership: expiry, tier, monthly grants. */
  readonly membership: Membership;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.earnings = new EarningsAccount(db, clock);
    this.membership = new Membership(this, clock);
  }

  /**
   * Only where announcements arrive before the statement that made the change returns (the embedded database,
   * one process): the fast path of `hold` trusts this memory exactly. On PostgreSQL they arrive after the commit,
   * so every hold is checked in SQL first (docs/scaling.md, Caches).
   */
  async start(listen: Listen, dbKind: 'pglite' | 'postgres') {
    if (dbKind !== 'pglite') return;
    await this.spendable.listen(listen, 'chips_changed', (id) => this.spendable.forget(Number(id)));
  }

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

  /**
   * Takes back up to `change.delta`'s size (a refund), as far as the user can spend it now; what is spent is
   * not taken (docs/product.md, Money). Inside the caller's transaction. Returns the chips taken.
   */
  async takeBack(tx: Executor, change: ChipChange): Promise<number> {
    const available = await repo.lockAvailable(tx, change.userId);
    const take = Math.min(available, Math.abs(change.delta));
    if (take <= 0) return 0;
    const { applied } = await this.apply({ ...change, delta: -take }, tx);
    return applied ? take : 0;
  }

  /** A user's chip balance, in the caller's transaction or outside any. */
  balance(userId: number, tx: Executor = this.db) {
    return repo.balance(tx, userId);
  }

  /** Chips a user can spend now: the balance less what replies in progress have set aside. */
  available(userId: number) {
    return repo.available(this.db, userId);
  }

  /**
   * Sets `amount` aside for a reply, refusing with 30001 when the user cannot pay for it. The hold lasts
   * `leaseMs` unless {@link renew}ed: a hold whose process died is let go once that runs out.
   *
   * Answers before the row is written when what the user can spend is known in memory (exactly: every
   * change to it is announced before the statement that made it returns), so that a reply's model request
   * leaves at once: the check is made here, before the model is asked, and `written` settles once the hold
   * is in the database (rejecting with 30001 should the database refuse it after all: then the request must
   * be cancelled). Otherwise it answers once the hold is written.
   */
  async hold(h: { userId: number; amount: number; ref: string; leaseMs: number }) {
    const { userId, amount } = h;
    if (amount <= 0) return { written: Promise.resolve() };
    const write = async () => {
      if (!(await repo.hold(this.db, h)))
        throw insufficientChips(await repo.available(this.db, userId), amount);
    };
    const known = this.spendable.peek(userId);
    if (!known || known.available < amount) {
      await write();
      return { written: Promise.resolve() };
    }
    known.available -= amount;

    this.writing.set(userId, (this.writing.get(userId) ?? 0) + 1);
    const written = write().finally(() => {
      const left = this.writing.get(userId)! - 1;
      if (left) this.writing.set(userId, left);
      else this.writing.delete(userId);
    });
    written.catch(() => this.spendable.forget(userId));
    return { written };
  }

  /** Keeps the holds of replies still in progress for another `leaseMs`. */
  renew(refs: string[], leaseMs: number) {
    return repo.renewHolds(this.db, refs, leaseMs);
  }

  /**
   * Ends a hold: charges it (once: a hold can be taken only once, and the ledger key is unique) or lets it
   * go. Returns the balance after.
   */
  async settle(userId: number, ref: string, charge: ChipChange | null): Promise<number> {
    let settled;
    if (!charge || charge.delta === 0) {
      settled = await repo.releaseHold(this.db, ref, 0);
      if (!settled) return repo.balance(this.db, userId);
    } else {
      const { userId: _owner, balanceAfter: _unknown, ...row } = this.ledgerRow(charge, 0);
      settled = await repo.chargeHold(this.db, ref, row);
      // No hold left (it expired): charge through the ordinary path, which may refuse.
      if (!settled) return (await this.apply(charge)).balance;
    }
    // As of this statement (changes before it were announced before it returned, later ones will be),
    // unless a hold taken from memory is still being written.
    if (!this.writing.has(userId)) this.spendable.set(userId, { available: settled.available });
    return settled.balance;
  }

  /**
   * Lets go of the holds whose process stopped renewing them (it died), except `except` (this process's
   * own). `all`: every hold but those, for a process that owns its database and has just started, when
   * any hold left is a dead process's.
   */
  releaseExpiredHolds(o: { all?: boolean; except?: string[] } = {}) {
    return repo.releaseHolds(this.db, { all: o.all ?? false, except: o.except ?? [] });
  }

  /** A user's ledger, newest first. */
  async records(userId: number, cursor: string | undefined, limit: number) {
    return idPage(await repo.records(this.db, userId, decodeIdCursor(cursor), limit), limit);
  }

  /** Chips charged for replies per China day in [from, to) (the console's dashboard). */
  dailyChipsSpent(from: Date, to: Date) {
    return repo.dailyChipsSpent(this.db, from, to);
  }

  /** For tests and audits: sum(ledger) must equal the balance. */
  async ledgerSum(userId: number) {
    return repo.ledgerSum(this.db, userId);
  }
}
