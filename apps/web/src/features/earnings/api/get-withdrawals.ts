import type { CursorQuery, Page, Withdrawal } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/withdrawal: my withdrawals with their state, newest first. */
export function getWithdrawals(params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<Withdrawal>>('/api/v1/withdrawal', {
    params: { limit: 20, ...params },
    hideErrorToast: true,
    signal,
  });
}

export const withdrawalsQueryOptions = (token: string | null) =>
  cursorPagesOptions(queryKeys.user.earnings.withdrawals(token), getWithdrawals, token);

/** Loads once its tab is first opened: antd-mobile's Tabs renders a pane only then. */
export const useWithdrawals = () => useInfiniteQuery(withdrawalsQueryOptions(useSession().token));
