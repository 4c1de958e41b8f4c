import type { Executor } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { membershipRepository as repo } from './membership.repository.js';
import type { WalletService } from './wallet.service.js';

export const DAY_MS = 86_400_000;
/** A monthly grant's cycle (docs/product.md, Money: granted at purchase and every 30 days while active). */
export const GRANT_CYCLE_MS = 30 * DAY_MS;

export type Extension = {
  userId: number;
  /** The tier bought (its monthly grant applies from now on). */
  tier: string;
  days: number;
  /** Chips of the tier's monthly grant. */
  monthlyChips: number;
  /** What paid for it (`order:NO`, `redeem:ID`): keys its grant's ledger row. */
  ref: string;
};

/**
 * VIP membership: the expiry on the user row (which sessions read) and the tier with its next monthly grant.
 * Writes only inside the caller's transaction, which also moves what paid for it.
 */
export class Membership {
  constructor(
    private readonly wallet: WalletService,
    private readonly clock: Clock,
  ) {}

  /**
   * Extends from the later of now and the current expiry. A membership that was not active starts a grant
   * cycle: its first grant is made now. Returns the new expiry and the chips granted now.
   */
  async extend(tx: Executor, e: Extension): Promise<{ expiresAt: Date; granted: number }> {
    const now = this.clock.now();
    const current = (await repo.lockExpiry(tx, e.userId))?.expiresAt ?? null;
    const active = !!current && current > now;
    const expiresAt = new Date(Math.max(now.getTime(), current?.getTime() ?? 0) + e.days * DAY_MS);
    await repo.setExpiry(tx, e.userId, expiresAt);
    const row = await repo.get(tx, e.userId);
    const nextGrantAt = active && row?.nextGrantAt ? row.nextGrantAt : now;
    await repo.upsert(tx, { userId: e.userId, tier: e.tier, nextGrantAt, updatedAt: now });
    const granted = nextGrantAt <= now ? await this.grantDue(tx, e.userId, e.monthlyChips) : 0;
    return { expiresAt, granted };
  }

  /**
   * Grants the monthly chips due now (once per user and cycle: the ledger key is the cycle's start) and
   * moves the next grant 30 days on, or ends the cycles when the membership will have lapsed by then.
   * Returns the chips granted (0 when nothing was due or the grant was made already).
   */
  async grantDue(tx: Executor, userId: number, monthlyChips: number): Promise<number> {
    const now = this.clock.now();
    const row = await repo.get(tx, userId);
    const expiry = (await repo.lockExpiry(tx, userId))?.expiresAt;
    if (!row?.nextGrantAt || row.nextGrantAt > now || !expiry || expiry <= now) return 0;
    const cycle = row.nextGrantAt;
    const next = new Date(cycle.getTime() + GRANT_CYCLE_MS);
    await repo.setNextGrant(tx, userId, next < expiry ? next : null);
    if (monthlyChips <= 0) return 0;
    const { applied } = await this.wallet.apply(
      {
        userId,
        delta: monthlyChips,
        reason: 'vip_grant',
        idempotencyKey: `vip_grant:${userId}:${cycle.toISOString()}`,
        refType: 'membership',
        note: '每月赠送',
      },
      tx,
    );
    return applied ? monthlyChips : 0;
  }

  /**
   * Takes up to `days` back (a refund), never before now. Returns the days taken back. The monthly grant
   * already made stays (chips are taken back by the caller as far as unspent).
   */
  async shorten(tx: Executor, userId: number, days: number): Promise<number> {
    const now = this.clock.now();
    const current = (await repo.lockExpiry(tx, userId))?.expiresAt;
    if (!current || current <= now) return 0;
    const expiresAt = new Date(Math.max(now.getTime(), current.getTime() - days * DAY_MS));
    await repo.setExpiry(tx, userId, expiresAt);
    if (expiresAt <= now) await repo.setNextGrant(tx, userId, null);
    return Math.floor((current.getTime() - expiresAt.getTime()) / DAY_MS);
  }

  /** The tier and the next grant, for `GET /wallet`. */
  status(userId: number, tx: Executor) {
    return repo.get(tx, userId);
  }
}
