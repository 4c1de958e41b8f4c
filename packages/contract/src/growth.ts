import { z } from 'zod';

/** One invite reward: chips at the invitee's signup, or a commission (or its reversal) of their order. */
export const inviteReward = z.object({
  id: z.number().int(),
  kind: z.enum(['signup', 'commission', 'commission_reversal']),
  invitee: z.object({ nickname: z.string(), avatar: z.string() }),
  chips: z.number().int(),
  amount_fen: z.number().int(),
  title: z.string(),
  created_at: z.string(),
});
export type InviteReward = z.infer<typeof inviteReward>;

const inviteRules = z.object({
  inviter_chips: z.number().int(),
  invitee_chips: z.number().int(),
  commission_percent: z.number(),
  commission_days: z.number().int(),
  daily_cap: z.number().int(),
});

export const inviteRewardCount = z.object({
  /** Users who signed up with my code. */
  invited_count: z.number().int(),
  /** Of them, those whose signup was rewarded. */
  rewarded_count: z.number().int(),
  chips_total: z.number().int(),
  commission_fen_total: z.number().int(),
  rules: inviteRules,
});
export type InviteRewardCount = z.infer<typeof inviteRewardCount>;

/** Codes are 12–16 characters of an alphabet without look-alikes; typed with spaces or dashes, case-free. */
export const redeemBody = z.object({ code: z.string().trim().min(1, '请输入兑换码').max(64, '兑换码有误') });
export type RedeemBody = z.input<typeof redeemBody>;

const redeemKind = z.enum(['chips', 'vip_days'], { error: '类型应为chips或vip_days' });

export const redeemResult = z.object({
  kind: redeemKind,
  value: z.number().int(),
  /** The chip balance after it. */
  chips: z.number().int(),
  vip_expires_at: z.string().nullable(),
});
export type RedeemResult = z.infer<typeof redeemResult>;

export const createRedeemBatchBody = z.object({
  kind: redeemKind,
  value: z
    .number({ error: '请填写面值' })
    .int('面值须为整数')
    .min(1, '面值至少为1')
    .max(1_000_000, '面值过大'),
  quantity: z
    .number({ error: '请填写数量' })
    .int('数量须为整数')
    .min(1, '数量至少为1')
    .max(10_000, '一批最多10000个'),
  expires_at: z.string().datetime({ offset: true, error: '请选择正确的过期时间' }),
  /** The batch's name or purpose, shown in the console and searched there. */
  note: z.string().trim().max(200, '名称/备注最多200个字').default(''),
});
export type CreateRedeemBatchBody = z.input<typeof createRedeemBatchBody>;

export const redeemBatch = z.object({
  id: z.number().int(),
  kind: redeemKind,
  value: z.number().int(),
  quantity: z.number().int(),
  used_count: z.number().int(),
  expires_at: z.string(),
  note: z.string(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type RedeemBatch = z.infer<typeof redeemBatch>;

/** `/admin/redeem/batch/{id}/…` */
export const redeemBatchIdParams = z.object({
  id: z.coerce.number({ error: '批次ID不正确' }).int('批次ID不正确').positive('批次ID不正确'),
});
