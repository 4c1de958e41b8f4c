import { z } from 'zod';

const earningReason = z.enum([
  'commission',
  'commission_reversal',
  'creator_revenue',
  'withdrawal',
  'withdrawal_returned',
  'admin',
]);
export type EarningReason = z.infer<typeof earningReason>;

/** One change of the earnings account (fen). */
export const earningRecord = z.object({
  id: z.number().int(),
  delta_fen: z.number().int(),
  balance_after_fen: z.number().int(),
  reason: earningReason,
  title: z.string(),
  created_at: z.string(),
});
export type EarningRecord = z.infer<typeof earningRecord>;

export const withdrawalChannel = z.enum(['wechat', 'alipay']);
export const withdrawalStatus = z.enum(['pending', 'approved', 'paid', 'rejected']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const createWithdrawalBody = z.object({
  amount_fen: z.number().int('金额须为整数分').min(1, '请输入提现金额'),
  channel: withdrawalChannel,
  account: z.string().trim().min(1, '请输入收款账号').max(64, '收款账号过长'),
  real_name: z.string().trim().min(1, '请输入真实姓名').max(32, '姓名过长'),
});
export type CreateWithdrawalBody = z.input<typeof createWithdrawalBody>;

export const withdrawal = z.object({
  id: z.number().int(),
  amount_fen: z.number().int(),
  fee_fen: z.number().int(),
  /** What reaches the account: amount less fee. */
  net_fen: z.number().int(),
  channel: withdrawalChannel,
  /** Masked for the user (the operator sees it whole). */
  account: z.string(),
  real_name: z.string(),
  status: withdrawalStatus,
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** The payout's transaction number, once paid. */
  reference: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalRules = z.object({
  min_fen: z.number().int(),
  daily_max_fen: z.number().int(),
  /** Fee in per-mille of the amount (0: free), and never less than fee_min_fen when not free. */
  fee_permille: z.number().int(),
  fee_min_fen: z.number().int(),
  /** Already requested today (China time), counted against the daily maximum. */
  today_requested_fen: z.number().int(),
});
export type WithdrawalRules = z.infer<typeof withdrawalRules>;
