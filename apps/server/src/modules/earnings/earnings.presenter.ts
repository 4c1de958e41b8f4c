import type {
  AdminWithdrawal,
  CreatorEarning,
  EarningReason,
  EarningRecord,
  Withdrawal,
  WithdrawalRules,
} from '@lingxi/contract';
import type { CreatorEarningRow } from './creator-earnings.repository.js';
import type { WithdrawalRow } from './withdrawals.repository.js';

const TITLES: Record<EarningReason, string> = {
  commission: '邀请佣金',
  commission_reversal: '佣金退回',
  creator_revenue: '创作收益',
  withdrawal: '提现',
  withdrawal_returned: '提现退回',
  admin: '系统调整',
};

/** A row of the earnings ledger (the wallet's), as the records list needs it. */
export type EarningsLedgerRow = {
  id: number;
  delta: number;
  balanceAfter: number;
  reason: string;
  note: string | null;
  createdAt: Date;
};

export const presentEarningRecord = (row: EarningsLedgerRow): EarningRecord => {
  const title = TITLES[row.reason as EarningReason] ?? row.reason;
  return {
    id: row.id,
    delta_fen: row.delta,
    balance_after_fen: row.balanceAfter,
    reason: row.reason as EarningReason,
    title: row.note ? `${title}·${row.note}` : title,
    created_at: row.createdAt.toISOString(),
  };
};

/** A payout account as its owner sees it in lists: enough to recognise, not enough to use (138****5678). */
export function maskAccount(account: string) {
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(7)}`;
  const at = account.indexOf('@');
  if (at > 0) return `${account[0]}***${account.slice(at)}`;
  const chars = Array.from(account);
  return chars.length > 4 ? `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}` : `${chars[0]}***`;
}

/** A name with only its last character shown (*三, **娜). */
export function maskName(name: string) {
  const chars = Array.from(name);
  return '*'.repeat(Math.max(1, chars.length - 1)) + (chars.at(-1) ?? '');
}

const withdrawalOf = (row: WithdrawalRow, whole: boolean): Withdrawal => ({
  id: row.id,
  amount_fen: row.amountFen,
  fee_fen: row.feeFen,
  net_fen: row.amountFen - row.feeFen,
  channel: row.channel,
  account: whole ? row.account : maskAccount(row.account),
  real_name: whole ? row.realName : maskName(row.realName),
  status: row.status,
  reason: row.reason,
  reference: row.reference,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The owner's view: account and name masked. */
export const presentWithdrawal = (row: WithdrawalRow) => withdrawalOf(row, false);

export type UserBrief = { id: number; nickname: string; phone: string | null };

/** The operator's view: account and name whole (they pay to them), and whose it is. */
export const presentAdminWithdrawal = (row: WithdrawalRow & { user: UserBrief }): AdminWithdrawal => ({
  ...withdrawalOf(row, true),
  user: { id: row.user.id, nickname: row.user.nickname, phone: row.user.phone },
});

export type Rules = {
  minFen: number;
  dailyMaxFen: number;
  feePermille: number;
  feeMinFen: number;
  todayRequestedFen: number;
};

export const presentRules = (r: Rules): WithdrawalRules => ({
  min_fen: r.minFen,
  daily_max_fen: r.dailyMaxFen,
  fee_permille: r.feePermille,
  fee_min_fen: r.feeMinFen,
  today_requested_fen: r.todayRequestedFen,
});

export const presentCreatorEarning = (row: CreatorEarningRow & { botName: string }): CreatorEarning => ({
  id: row.id,
  bot_id: row.botId,
  bot_name: row.botName,
  day: row.day,
  chips: row.chips,
  amount_fen: row.amountFen,
  created_at: row.createdAt.toISOString(),
});
