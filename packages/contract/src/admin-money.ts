import { z } from 'zod';
import { adminDayRange, adminPageQuery, adminSort, adminUserBrief } from './admin.js';
import { withdrawal, withdrawalStatus } from './earnings.js';
import { redeemBatch } from './growth.js';
import { order, orderKind, orderStatus, payAction, payChannel } from './payments.js';

/**
 * The console's money desks (docs/admin.md, Money): orders and refunds, withdrawals, redeem code batches. Lists
 * are server-paged (`adminPageQuery`), each with its filters and the columns it sorts by.
 */

// Orders

export const adminOrder = order.extend({
  user: adminUserBrief,
  /** The provider's transaction number. */
  transaction_id: z.string().nullable(),
  /** What a refund could not take back (chips spent, VIP days used), as recorded. */
  refund_note: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrderQuery = adminPageQuery.extend({
  status: orderStatus.optional(),
  kind: orderKind.optional(),
  channel: payChannel.optional(),
  user_id: z.coerce.number().int('用户ID有误').positive('用户ID有误').optional(),
  ...adminDayRange,
  sort: adminSort(['created_at', 'amount_fen']),
});

/** A message from the payment provider as kept on the order: where from, when, and its body as verified. */
export const providerPayload = z.object({
  source: z.enum(['notification', 'query', 'answer']),
  received_at: z.string(),
  body: z.unknown(),
});
export type ProviderPayload = z.infer<typeof providerPayload>;

/** One step of an order's life, for the timeline. */
export const orderEvent = z.object({
  state: z.enum(['created', 'paid', 'fulfilled', 'closed', 'refund_requested', 'refunded']),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/** `GET /admin/order/{order_no}`: everything an operator needs to answer a question about one order. */
export const adminOrderDetail = adminOrder.extend({
  provider: z.enum(['sandbox', 'wechatpay']),
  vip_tier: z.string().nullable(),
  fulfilled_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  events: z.array(orderEvent),
  refund: z
    .object({
      refund_no: z.string().nullable(),
      status: z.enum(['processing', 'succeeded', 'failed']),
      reason: z.string().nullable(),
      requested_at: z.string().nullable(),
    })
    .nullable(),
  /** A refund may be asked for now (fulfilled, no refund under way). */
  refundable: z.boolean(),
  /** What the provider answered when the payment was created (what the client paid with). */
  pay: payAction.nullable(),
  payment_payload: providerPayload.nullable(),
  refund_payload: providerPayload.nullable(),
  /** The invite commission the order earned its buyer's inviter, and what a refund took back of it. */
  commission: z
    .object({
      inviter: adminUserBrief,
      amount_fen: z.number().int(),
      reversed_fen: z.number().int(),
      at: z.string(),
    })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const refundOrderBody = z.object({
  reason: z.string().trim().min(1, '请填写退款原因').max(200, '退款原因最多200个字'),
});

// Withdrawals

export const adminWithdrawal = withdrawal.extend({
  user: adminUserBrief,
  /** The operator who last acted on it. */
  reviewer: adminUserBrief.nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const adminWithdrawalQuery = adminPageQuery.extend({
  status: withdrawalStatus.optional(),
  channel: z.enum(['wechat', 'alipay'], { error: '提现方式应为wechat或alipay' }).optional(),
  ...adminDayRange,
  sort: adminSort(['created_at', 'amount_fen']),
});

/** The desk's tabs: how many requests are in each state, and the money waiting in the open ones. */
export const withdrawalSummary = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  paid: z.number().int(),
  rejected: z.number().int(),
  pending_fen: z.number().int(),
  approved_fen: z.number().int(),
});
export type WithdrawalSummary = z.infer<typeof withdrawalSummary>;

export const rejectWithdrawalBody = z.object({
  reason: z.string().trim().min(1, '请填写驳回原因').max(200, '驳回原因最多200个字'),
});
export const paidWithdrawalBody = z.object({
  reference: z.string().trim().min(1, '请填写打款流水号').max(64, '打款流水号最多64个字符'),
});

// Redeem code batches

export const redeemBatchStatus = z.enum(['active', 'expired', 'disabled'], {
  error: '状态应为active、expired或disabled',
});
export type RedeemBatchStatus = z.infer<typeof redeemBatchStatus>;

export const adminRedeemBatch = redeemBatch.extend({
  status: redeemBatchStatus,
  created_by: adminUserBrief.nullable(),
});
export type AdminRedeemBatch = z.infer<typeof adminRedeemBatch>;

export const adminRedeemBatchQuery = adminPageQuery.extend({
  status: redeemBatchStatus.optional(),
  kind: z.enum(['chips', 'vip_days'], { error: '类型应为chips或vip_days' }).optional(),
  sort: adminSort(['created_at', 'expires_at']),
});
