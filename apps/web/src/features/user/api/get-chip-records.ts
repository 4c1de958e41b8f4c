import type { ChipRecord, CursorQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/chip/record: the user's chip ledger, newest first. */
export function getChipRecords(params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<ChipRecord>>('/api/v1/chip/record', { params: { limit: 20, ...params }, signal });
}

export const chipRecordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.user.chipRecords(),
    queryFn: ({ pageParam, signal }) => getChipRecords({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useChipRecords(enabled: boolean) {
  return useInfiniteQuery({ ...chipRecordsQueryOptions(), enabled });
}
