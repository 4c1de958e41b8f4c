import type { ChipReason, ChipRecord, WalletInfo } from '@lingxi/contract';
import type { WalletSummary } from './vip.service.js';
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

export const presentWalletInfo = (w: WalletSummary): WalletInfo => ({
  chips: w.chips,
  earnings_fen: w.earnings.available,
  earnings_frozen_fen: w.earnings.frozen,
  earnings_debt_fen: w.earnings.debt,
  vip: {
    active: w.vip.active,
    tier: w.vip.tier,
    tier_name: w.vip.tierName,
    expires_at: w.vip.expiresAt?.toISOString() ?? null,
    next_grant_at: w.vip.nextGrantAt?.toISOString() ?? null,
  },
});
