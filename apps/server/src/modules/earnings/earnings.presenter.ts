import type {
  AdminWithdrawal,
  CreatorEarning,
  EarningReason,
  EarningRecord,
  Withdrawal,
  WithdrawalRules,
  WithdrawalSummary,
} from '@lingxi/contract';
import { yuan } from '../../platform/clock.js';
import { csvTime } from '../../platform/http/csv.js';
import type { CreatorEarningRow } from './creator-earnings.repository.js';
import type { WithdrawalRow } from './withdrawals.repository.js';
import type { AdminWithdrawalRow } from './withdrawals.service.js';

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

const briefOf = (u: UserBrief) => ({ id: u.id, nickname: u.nickname, phone: u.phone });

/** The operator's view: account and name whole (they pay to them), whose it is and who acted on it. */
export const presentAdminWithdrawal = (row: AdminWithdrawalRow): AdminWithdrawal => ({
  ...withdrawalOf(row, true),
  user: briefOf(row.user),
  reviewer: row.reviewer && briefOf(row.reviewer),
});

export const presentWithdrawalSummary = (s: {
  pending: number;
  approved: number;
  paid: number;
  rejected: number;
  pendingFen: number;
  approvedFen: number;
}): WithdrawalSummary => ({
  pending: s.pending,
  approved: s.approved,
  paid: s.paid,
  rejected: s.rejected,
  pending_fen: s.pendingFen,
  approved_fen: s.approvedFen,
});

const STATUS: Record<WithdrawalRow['status'], string> = {
  pending: '待审核',
  approved: '待打款',
  paid: '已打款',
  rejected: '已驳回',
};

/** The requests as a spreadsheet for the payout reconciliation (docs/admin.md, Money). */
export const withdrawalCsvRows = (rows: AdminWithdrawalRow[]): unknown[][] => [
  [
    '申请ID',
    '用户ID',
    '昵称',
    '手机号',
    '提现金额（元）',
    '手续费（元）',
    '实际打款（元）',
    '方式',
    '收款账号',
    '实名',
    '状态',
    '驳回原因',
    '打款流水号',
    '申请时间',
    '处理时间',
    '处理人',
  ],
  ...rows.map((w) => [
    w.id,
    w.userId,
    w.user.nickname,
    w.user.phone ?? '',
    yuan(w.amountFen),
    yuan(w.feeFen),
    yuan(w.amountFen - w.feeFen),
    w.channel === 'wechat' ? '微信' : '支付宝',
    w.account,
    w.realName,
    STATUS[w.status],
    w.reason ?? '',
    w.reference ?? '',
    csvTime(w.createdAt),
    w.status === 'pending' ? '' : csvTime(w.updatedAt),
    w.reviewer?.nickname ?? '',
  ]),
];

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
