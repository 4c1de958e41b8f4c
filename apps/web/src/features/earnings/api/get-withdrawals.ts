import type { CursorQuery, Page, Withdrawal } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
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
  infiniteQueryOptions({
    queryKey: queryKeys.user.earnings.withdrawals(token),
    queryFn: ({ pageParam, signal }) => getWithdrawals({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });

export const useWithdrawals = (enabled: boolean) =>
  useInfiniteQuery({ ...withdrawalsQueryOptions(useSession().token), enabled });
