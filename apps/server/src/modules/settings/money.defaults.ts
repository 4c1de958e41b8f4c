/**
 * Operator settings of the money half (docs/product.md, Money): prices and rewards. Amounts of money are fen.
 * A row in `settings` with the same key overrides a default (checked by MONEY_CHECKS; a value of the wrong
 * shape is ignored).
 */
export type VipTierSetting = {
  id: string;
  name: string;
  price_fen: number;
  original_price_fen: number | null;
  days: number;
  monthly_chips: number;
  /** Lines the member centre shows after the two it writes itself (the monthly grant, the member discount). */
  benefits: string[];
};
export type ChipPackageSetting = { id: string; price_fen: number; chips: number; tag: string };

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

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isRate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isPercent = (v: unknown): v is number => isCount(v) && (v as number) <= 100;
const isText = (v: unknown, max = 64): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;
const isTier = (v: unknown): v is VipTierSetting => {
  const t = v as VipTierSetting;
  return (
    !!t &&
    isText(t.id) &&
    isText(t.name) &&
    isCount(t.price_fen) &&
    t.price_fen > 0 &&
    (t.original_price_fen === null || isCount(t.original_price_fen)) &&
    isCount(t.days) &&
    t.days > 0 &&
    isCount(t.monthly_chips) &&
    Array.isArray(t.benefits) &&
    t.benefits.every((b) => isText(b, 100))
  );
};
const isPackage = (v: unknown): v is ChipPackageSetting => {
  const p = v as ChipPackageSetting;
  return (
    !!p &&
    isText(p.id) &&
    isCount(p.price_fen) &&
    p.price_fen > 0 &&
    isCount(p.chips) &&
    typeof p.tag === 'string'
  );
};
const listOf =
  <T>(item: (v: unknown) => v is T) =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every(item) && new Set(v.map((x) => (x as { id: string }).id)).size === v.length;

export const MONEY_CHECKS: { [K in keyof MoneySettings]: (v: unknown) => v is MoneySettings[K] } = {
  vip_tiers: listOf(isTier),
  chip_packages: listOf(isPackage),
  vip_discount_percent: isPercent,
  vip_expiry_notice_days: isCount,
  order_close_minutes: isCount,
  invite_inviter_chips: isCount,
  invite_invitee_chips: isCount,
  invite_commission_percent: isPercent,
  invite_commission_days: isCount,
  invite_daily_cap: isCount,
  creator_fen_per_chip: isRate,
  withdrawal_min_fen: isCount,
  withdrawal_daily_max_fen: isCount,
  withdrawal_fee_permille: (v): v is number => isCount(v) && (v as number) <= 1000,
  withdrawal_fee_min_fen: isCount,
  redeem_failures_per_user_hour: isCount,
  redeem_failures_per_ip_hour: isCount,
};
