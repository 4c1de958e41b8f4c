import { z } from 'zod';

const chipReason = z.enum([
  'signup_bonus',
  'chat',
  'invite_reward',
  'top_up',
  'vip_grant',
  'redeem',
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
