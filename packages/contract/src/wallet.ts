import { z } from 'zod';

const chipReason = z.enum([
  'signup_bonus',
  'chat',
  'invite_reward',
  'top_up',
  'vip_grant',
  'redeem',
  'refund',
  'admin',
]);
export type ChipReason = z.infer<typeof chipReason>;

export const chipRecord = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: chipReason,
  title: z.string(),
  created_at: z.string(),
});
export type ChipRecord = z.infer<typeof chipRecord>;

/** `GET /wallet`: both accounts and the membership. Money is in fen everywhere (docs/product.md, Money). */
export const walletInfo = z.object({
  chips: z.number().int(),
  /** Earnings available to withdraw. */
  earnings_fen: z.number().int(),
  /** Earnings held by open withdrawals. */
  earnings_frozen_fen: z.number().int(),
  /** A refund's commission that could not be taken back yet: settled from later earnings. */
  earnings_debt_fen: z.number().int(),
  vip: z.object({
    active: z.boolean(),
    /** The tier of the latest membership bought (null: never a member). */
    tier: z.string().nullable(),
    tier_name: z.string().nullable(),
    expires_at: z.string().nullable(),
    /** When the next monthly chip grant is due (null: not a member). */
    next_grant_at: z.string().nullable(),
  }),
});
export type WalletInfo = z.infer<typeof walletInfo>;
