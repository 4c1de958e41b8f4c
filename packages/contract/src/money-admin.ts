import { z } from 'zod';
import { adminUserBrief } from './admin.js';
import { cursorQuery } from './envelope.js';
import { withdrawal, withdrawalStatus } from './earnings.js';
import { order, orderStatus } from './payments.js';

export const adminWithdrawal = withdrawal.extend({ user: adminUserBrief });
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/** An operator's page: longer than a user's. */
const adminPage = {
  limit: z.coerce.number().int().min(1, '每页数量至少为1').max(100, '每页数量最多为100').default(20),
};

export const adminWithdrawalQuery = cursorQuery.extend({ status: withdrawalStatus.optional(), ...adminPage });

export const rejectWithdrawalBody = z.object({ reason: z.string().trim().min(1, '请填写驳回原因').max(200) });
export const paidWithdrawalBody = z.object({
  reference: z.string().trim().min(1, '请填写打款流水号').max(64),
});

export const adminOrder = order.extend({
  user: adminUserBrief,
  /** The provider's transaction number. */
  transaction_id: z.string().nullable(),
  /** What a refund could not take back (chips spent, VIP days used), as recorded. */
  refund_note: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrderQuery = cursorQuery.extend({
  status: orderStatus.optional(),
  user_id: z.coerce.number().int().positive().optional(),
  ...adminPage,
});

export const refundOrderBody = z.object({ reason: z.string().trim().min(1, '请填写退款原因').max(200) });
