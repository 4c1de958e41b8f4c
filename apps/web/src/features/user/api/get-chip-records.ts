import type { ChipRecord } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';

export interface ChipRecordPage {
  list: ChipRecord[];
  next_cursor: string | null;
}

/** GET /api/v1/chip/record: the user's chip ledger, newest first. */
export function getChipRecords(params: { cursor?: string; limit?: number }, signal?: AbortSignal) {
  return request.get<ChipRecordPage>('/api/v1/chip/record', { params: { limit: 20, ...params }, signal });
}

export const chipRecordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['user', 'chip-records'],
    queryFn: ({ pageParam, signal }) => getChipRecords({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useChipRecords(enabled: boolean) {
  return useInfiniteQuery({ ...chipRecordsQueryOptions(), enabled });
}
