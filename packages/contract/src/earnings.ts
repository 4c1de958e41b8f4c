import { z } from 'zod';
import { cursorQuery } from './envelope.js';

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

const withdrawalChannel = z.enum(['wechat', 'alipay'], { error: '请选择提现方式' });
export const withdrawalStatus = z.enum(['pending', 'approved', 'paid', 'rejected']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

/** A phone number of the mainland (11 digits, 1[3-9]…). */
const MAINLAND_PHONE = /^1[3-9]\d{9}$/;
/** A WeChat ID as WeChat allows one: 6–20 letters, digits, _ or -, starting with a letter. */
const WECHAT_ID = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/;
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** A Chinese name: Han characters, with the middle dot of transcribed names between them (阿卜杜·热合曼). */
const CHINESE_NAME = /^\p{Script=Han}(?:[\p{Script=Han}·]{0,30})\p{Script=Han}$/u;

export const createWithdrawalBody = z
  .object({
    amount_fen: z
      .number({ error: '请输入提现金额' })
      .int('金额须为整数分')
      .min(1, '请输入提现金额')
      .max(100_000_000, '单笔提现金额过大'),
    channel: withdrawalChannel,
    account: z.string().trim().min(1, '请输入收款账号').max(64, '收款账号过长'),
    real_name: z
      .string()
      .trim()
      .min(1, '请输入真实姓名')
      .max(32, '姓名过长')
      .regex(CHINESE_NAME, '请填写收款账号的实名（2-32个汉字）'),
  })
  .superRefine((v, ctx) => {
    const ok =
      v.channel === 'wechat'
        ? MAINLAND_PHONE.test(v.account) || WECHAT_ID.test(v.account)
        : MAINLAND_PHONE.test(v.account) || EMAIL.test(v.account);
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['account'],
        message:
          v.channel === 'wechat' ? '请填写正确的微信号或手机号' : '请填写正确的支付宝账号（手机号或邮箱）',
      });
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

/** `GET /earnings/record`, `GET /withdrawal`, `GET /earnings/creator`: newest first, by cursor. */
export const earningsPageQuery = cursorQuery;

export const withdrawalIdParams = z.object({
  id: z.coerce.number({ error: '提现申请编号有误' }).int('提现申请编号有误').positive('提现申请编号有误'),
});

/** A creator's share of what others spent on one published bot in one day (China time). */
export const creatorEarning = z.object({
  id: z.number().int(),
  bot_id: z.number().int(),
  /** The bot's name now ('' when it was deleted). */
  bot_name: z.string(),
  /** YYYY-MM-DD, China time. */
  day: z.string(),
  /** Chips other users spent on the bot that day. */
  chips: z.number().int(),
  /** What it earned (fen); 0 when the chips were too few to make a fen. */
  amount_fen: z.number().int(),
  created_at: z.string(),
});
export type CreatorEarning = z.infer<typeof creatorEarning>;
