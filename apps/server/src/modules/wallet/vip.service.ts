import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { EntitlementsService } from '../account/entitlements.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from './wallet.service.js';

/** How often the sweeps run in a process that works jobs (docs/money.md, VIP). */
export const VIP_SWEEP_MS = 10 * 60_000;
/** Members handled per read of a sweep; a sweep reads again until none are left. */
const BATCH = 200;

/** "2026年12月21日 16:00", China time: how a notice names a moment. */
export function chinaTime(d: Date) {
  const c = new Date(d.getTime() + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${c.getUTCFullYear()}年${c.getUTCMonth() + 1}月${c.getUTCDate()}日 ${two(c.getUTCHours())}:${two(c.getUTCMinutes())}`;
}

export type WalletSummary = {
  chips: number;
  earnings: { available: number; frozen: number; debt: number };
  vip: {
    active: boolean;
    tier: string | null;
    tierName: string | null;
    expiresAt: Date | null;
    nextGrantAt: Date | null;
  };
};

/**
 * VIP benefits that run on their own (docs/money.md, VIP): the monthly chip grant and the "about to expire"
 * notice, each a sweep that any number of processes may run at once, and the wallet as its owner sees it.
 * Every write goes through the wallet (`wallet.membership`), each member in a transaction of their own with
 * the notice that tells them.
 */
export class VipService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      wallet: WalletService;
      entitlements: EntitlementsService;
      settings: SettingsService;
      notices: NoticesService;
    },
  ) {}

  register(jobs: JobQueue) {
    jobs.every({ name: 'vip.grants', intervalMs: VIP_SWEEP_MS }, () => this.grantMonthly());
    jobs.every({ name: 'vip.expiry-notices', intervalMs: VIP_SWEEP_MS }, () => this.noticeExpiring());
  }

  /**
   * Grants every member whose monthly grant is due (the chips of their tier; a tier no longer offered
   * grants the first tier's), with the notice, once per member and cycle however many sweeps run at once.
   * Returns the grants made by this call.
   */
  async grantMonthly(): Promise<number> {
    const { wallet, entitlements, notices } = this.deps;
    return this.sweep(
      () => wallet.membership.due(this.ctx.db, BATCH),
      async ({ userId, tier }) => {
        const t = await entitlements.vipTier(tier);
        return this.ctx.db.transaction(async (tx) => {
          const chips = await wallet.membership.grantDue(tx, userId, t?.monthly_chips ?? 0, t?.name);
          if (!chips) return false;
          await notices.notify(tx, userId, {
            category: 'system',
            type: 'vip_grant',
            title: '每月会员芯片已到账',
            body: `你的${t?.name ?? '会员'}本月赠送的${chips}芯片已到账，可在芯片明细中查看。`,
            link: '/member-center',
          });
          return true;
        });
      },
    );
  }

  /**
   * Tells every member whose membership ends within `vip_expiry_notice_days` that it will, once per expiry
   * (a renewal makes a new expiry, and a new notice when that one comes near). Returns the notices sent.
   */
  async noticeExpiring(): Promise<number> {
    const { wallet, entitlements, notices, settings } = this.deps;
    const days = (await settings.money()).vip_expiry_notice_days;
    if (days <= 0) return 0;
    return this.sweep(
      () => wallet.membership.expiring(this.ctx.db, days, BATCH),
      async ({ userId, tier, expiresAt }) => {
        if (!expiresAt) return false;
        const name = (await entitlements.vipTier(tier))?.name ?? '会员';
        return this.ctx.db.transaction(async (tx) => {
          if (!(await wallet.membership.claimExpiryNotice(tx, userId, expiresAt))) return false;
          await notices.notify(tx, userId, {
            category: 'system',
            type: 'vip_expiring',
            title: '会员即将到期',
            body: `你的${name}将于${chinaTime(expiresAt)}到期。续费后有效期顺延，每月芯片照常发放。`,
            link: '/member-center',
          });
          return true;
        });
      },
    );
  }

  /**
   * Reads batches until none is left, each member once per call (one that keeps failing is logged and left
   * to the next run). Returns how many `one` reported done.
   */
  private async sweep<R extends { userId: number }>(
    read: () => Promise<R[]>,
    one: (row: R) => Promise<boolean>,
  ): Promise<number> {
    const seen = new Set<number>();
    let done = 0;
    for (;;) {
      const rows = await read();
      const fresh = rows.filter((r) => !seen.has(r.userId));
      for (const row of fresh) {
        seen.add(row.userId);
        try {
          if (await one(row)) done++;
        } catch (err) {
          this.ctx.log.warn({ err, userId: row.userId }, 'vip sweep failed for a member');
        }
      }
      if (!fresh.length || rows.length < BATCH) return done;
    }
  }

  /** `GET /wallet`: both accounts and the membership, of the asking user only. */
  async summary(user: AuthUser): Promise<WalletSummary> {
    const { wallet, entitlements } = this.deps;
    const db = this.ctx.db;
    const [chips, earnings, m] = await Promise.all([
      wallet.balance(user.id),
      wallet.earnings.balances(user.id),
      wallet.membership.status(user.id, db),
    ]);
    const active = entitlements.isVip({ id: user.id, vipExpiresAt: m.expiresAt });
    const tier = m.tier ? await entitlements.vipTier(m.tier) : undefined;
    // A grant due at or after the expiry comes only with a renewal: not promised.
    const nextGrantAt =
      active && m.nextGrantAt && m.expiresAt && m.nextGrantAt < m.expiresAt ? m.nextGrantAt : null;
    return {
      chips,
      earnings: { available: earnings.earnings, frozen: earnings.frozen, debt: earnings.debt },
      vip: { active, tier: m.tier, tierName: tier?.name ?? null, expiresAt: m.expiresAt, nextGrantAt },
    };
  }
}
