import type { WithdrawalStatus } from '@lingxi/contract';

/** A request's state as the desk names it (docs/money.md, Withdrawals). */
export const WITHDRAWAL_STATUS: Record<WithdrawalStatus, { label: string; color: string }> = {
  pending: { label: '待审核', color: 'gold' },
  approved: { label: '待打款', color: 'blue' },
  paid: { label: '已打款', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
};

export const PAYOUT_CHANNEL = { wechat: '微信', alipay: '支付宝' } as const;
