import type { WithdrawalRules } from '@lingxi/contract';
import { parseYuan } from '../../../lib/money';

/** The fee of a withdrawal (docs/money.md, Withdrawals): per-mille of the amount, rounded up, never below the minimum. */
export function feeOf(amountFen: number, rules: WithdrawalRules): number {
  if (rules.fee_permille <= 0 || amountFen <= 0) return 0;
  return Math.min(amountFen, Math.max(rules.fee_min_fen, Math.ceil((amountFen * rules.fee_permille) / 1000)));
}

export interface WithdrawalDraft {
  amount: string;
  channel: 'wechat' | 'alipay';
  account: string;
  realName: string;
}

export type DraftError =
  | { field: 'amount'; key: 'amountInvalid' | 'amountMin' | 'amountAvailable' | 'amountDaily'; fen?: number }
  | { field: 'account' | 'realName'; key: 'accountEmpty' | 'realNameEmpty' };

/** What is wrong with the form, first field first; null when it can be sent. */
export function checkDraft(
  draft: WithdrawalDraft,
  availableFen: number,
  rules: WithdrawalRules,
): DraftError | null {
  const fen = parseYuan(draft.amount);
  if (fen === null || fen <= 0) return { field: 'amount', key: 'amountInvalid' };
  if (fen < rules.min_fen) return { field: 'amount', key: 'amountMin', fen: rules.min_fen };
  if (fen > availableFen) return { field: 'amount', key: 'amountAvailable', fen: availableFen };
  const left = Math.max(0, rules.daily_max_fen - rules.today_requested_fen);
  if (fen > left) return { field: 'amount', key: 'amountDaily', fen: left };
  if (!draft.account.trim()) return { field: 'account', key: 'accountEmpty' };
  if (!draft.realName.trim()) return { field: 'realName', key: 'realNameEmpty' };
  return null;
}
