import type { AdminWithdrawal, WithdrawalStatus } from '@lingxi/contract';

/** A request's state (docs/money.md, Withdrawals): its colour; its name is `withdrawals.status.<state>`. */
export const WITHDRAWAL_STATUS: Record<WithdrawalStatus, { color: string }> = {
  pending: { color: 'gold' },
  approved: { color: 'blue' },
  paid: { color: 'green' },
  rejected: { color: 'red' },
};

/** The payout channels, named by `withdrawals.channel.<channel>`. */
export const PAYOUT_CHANNELS: AdminWithdrawal['channel'][] = ['alipay', 'wechat'];
