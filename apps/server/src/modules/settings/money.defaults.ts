import type { ChipPackageSetting, VipTierSetting } from '@lingxi/contract';
import { settingChecks } from './setting-checks.js';

/**
 * Operator settings of the money half (docs/product.md, Money): prices and rewards. Amounts of money are fen.
 * A row in `settings` with the same key overrides a default (checked by MONEY_CHECKS, from the catalogue's
 * schemas; a value of the wrong shape is ignored).
 */
export const MONEY_DEFAULTS = {
  vip_tiers: [
    {
      id: 'month',
      name: '月度会员',
      price_fen: 1990,
      original_price_fen: 2990,
      days: 30,
      monthly_chips: 300,
      benefits: ['会员专属模型', '更多智能体与知识库额度'],
    },
    {
      id: 'year',
      name: '年度会员',
      price_fen: 16800,
      original_price_fen: 35880,
      days: 365,
      monthly_chips: 300,
      benefits: ['会员专属模型', '更多智能体与知识库额度'],
    },
  ] as VipTierSetting[],
  chip_packages: [
    { id: 'c600', price_fen: 600, chips: 600, tag: '' },
    { id: 'c3200', price_fen: 3000, chips: 3200, tag: '超值' },
    { id: 'c11000', price_fen: 9800, chips: 11000, tag: '最划算' },
  ] as ChipPackageSetting[],
  /** Percent off chip prices for members; the member's price rounds up, never below 1 for a priced model. */
  vip_discount_percent: 20,
  /** Days before expiry the "about to expire" notice goes out. */
  vip_expiry_notice_days: 3,
  /** A pending order closes after this many minutes (and at the provider). */
  order_close_minutes: 30,
  invite_inviter_chips: 50,
  invite_invitee_chips: 50,
  /** Percent of each of the invitee's fulfilled orders, credited to the inviter's earnings. */
  invite_commission_percent: 10,
  /** Days after binding during which the invitee's orders earn commission. */
  invite_commission_days: 365,
  /** Rewarded invites per inviter per day (China time). */
  invite_daily_cap: 20,
  /** Creator revenue: fen per chip others spend on a published bot (0.5 = half a fen). */
  creator_fen_per_chip: 0.5,
  withdrawal_min_fen: 1000,
  withdrawal_daily_max_fen: 200_000,
  /** Withdrawal fee in per-mille of the amount (0: free), at least withdrawal_fee_min_fen when not free. */
  withdrawal_fee_permille: 0,
  withdrawal_fee_min_fen: 0,
  /** Failed redemptions allowed per user and per IP per hour, before "try later". */
  redeem_failures_per_user_hour: 10,
  redeem_failures_per_ip_hour: 30,
};

export type MoneySettings = typeof MONEY_DEFAULTS;

export const MONEY_CHECKS = settingChecks(MONEY_DEFAULTS);
