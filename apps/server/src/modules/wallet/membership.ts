import type { Executor } from '../../db/client.js';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { membershipRepository as repo } from './membership.repository.js';
import type { WalletService } from './wallet.service.js';

/** A monthly grant's cycle (docs/product.md, Money: granted at purchase and every 30 days while active). */
export const GRANT_CYCLE_MS = 30 * DAY_MS;

export type Extension = {
  userId: number;
  /** The tier bought (its monthly grant applies from now on). */
  tier: string;
  days: number;
  /** Chips of the tier's monthly grant. */
  monthlyChips: number;
  /** What paid for it (`order:NO`, `redeem:ID`). */
  ref: string;
  /** The tier's name, for the grant's line in the chip records (月度会员每月芯片). */
  tierName: string;
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
    const granted = nextGrantAt <= now ? await this.grantDue(tx, e.userId, e.monthlyChips, e.tierName) : 0;
    return { expiresAt, granted };
  }

  /**
   * Grants the monthly chips of the cycle due now, once per user and cycle (the ledger key is the cycle's
   * start), and moves the next grant 30 days on. A cycle is granted when it starts while the membership is
   * active (before the expiry), even if a sweep reaches it late; one that starts at or after the expiry ends
   * the cycles (`next_grant_at` null: a later purchase starts new ones). Locks the user row first, so
   * concurrent sweeps and purchases queue and the second finds the cycle moved on. Returns the chips granted
   * (0 when nothing was due, the grant was made already, or the tier grants none).
   */
  async grantDue(tx: Executor, userId: number, monthlyChips: number, tierName?: string): Promise<number> {
    const now = this.clock.now();
    const expiry = (await repo.lockExpiry(tx, userId))?.expiresAt;
    const row = await repo.get(tx, userId);
    if (!row?.nextGrantAt || row.nextGrantAt > now) return 0;
    const cycle = row.nextGrantAt;
    if (!expiry || cycle >= expiry) {
      await repo.setNextGrant(tx, userId, null);
      return 0;
    }
    await repo.setNextGrant(tx, userId, new Date(cycle.getTime() + GRANT_CYCLE_MS));
    if (monthlyChips <= 0) return 0;
    const { applied } = await this.wallet.apply(
      {
        userId,
        delta: monthlyChips,
        reason: 'vip_grant',
        idempotencyKey: `vip_grant:${userId}:${cycle.toISOString()}`,
        refType: 'membership',
        refId: cycle.toISOString(),
        note: `${tierName ?? '会员'}每月芯片`,
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

  /** The expiry, the tier and the next grant, for `GET /wallet`. */
  async status(userId: number, tx: Executor) {
    const [expiry, row] = await Promise.all([repo.expiry(tx, userId), repo.get(tx, userId)]);
    return { expiresAt: expiry, tier: row?.tier ?? null, nextGrantAt: row?.nextGrantAt ?? null };
  }

  /** Members whose monthly grant is due (or whose cycles should end), oldest cycle first. */
  due(tx: Executor, limit: number) {
    return repo.dueGrants(tx, this.clock.now(), limit);
  }

  /** Active members whose expiry is within `days` and who were not told of that expiry yet. */
  expiring(tx: Executor, days: number, limit: number) {
    const now = this.clock.now();
    return repo.expiring(tx, now, new Date(now.getTime() + days * DAY_MS), limit);
  }

  /**
   * Claims the "about to expire" notice of `expiresAt` for the user, in the caller's transaction: true once
   * per expiry (the conditional update is the claim), false when it was sent already or the membership
   * changed since it was read (a renewal: its own notice comes later).
   */
  async claimExpiryNotice(tx: Executor, userId: number, expiresAt: Date): Promise<boolean> {
    const current = (await repo.lockExpiry(tx, userId))?.expiresAt;
    if (!current || current.getTime() !== expiresAt.getTime() || current <= this.clock.now()) return false;
    return repo.claimExpiryNotice(tx, userId, expiresAt);
  }
}
