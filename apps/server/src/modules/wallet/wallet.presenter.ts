import type { ChipReason, ChipRecord } from '@lingxi/contract';
import type { LedgerRow } from './wallet.repository.js';

const TITLES: Record<ChipReason, string> = {
  signup_bonus: '新用户注册奖励',
  chat: '对话消耗',
  invite_reward: '邀请奖励',
  top_up: '芯片充值',
  vip_grant: '会员赠送',
  redeem: '兑换码兑换',
  refund: '订单退款',
  admin: '系统调整',
};

export const presentChipRecord = (row: LedgerRow): ChipRecord => ({
  id: row.id,
  delta: row.delta,
  balance_after: row.balanceAfter,
  reason: row.reason as ChipReason,
  title: row.note
    ? `${TITLES[row.reason as ChipReason] ?? row.reason}·${row.note}`
    : (TITLES[row.reason as ChipReason] ?? row.reason),
  created_at: row.createdAt.toISOString(),
});
