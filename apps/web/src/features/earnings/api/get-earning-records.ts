import type { CursorQuery, EarningRecord, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/earnings/record: every change of my earnings (fen), newest first. */
export function getEarningRecords(params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<EarningRecord>>('/api/v1/earnings/record', {
    params: { limit: 20, ...params },
    hideErrorToast: true,
    signal,
  });
}

export const earningRecordsQueryOptions = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.user.earnings.records(token),
    queryFn: ({ pageParam, signal }) => getEarningRecords({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });

export const useEarningRecords = () => useInfiniteQuery(earningRecordsQueryOptions(useSession().token));
