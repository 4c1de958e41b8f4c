import type { CursorQuery, EarningRecord, Page } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
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
  cursorPagesOptions(queryKeys.user.earnings.records(token), getEarningRecords, token);

export const useEarningRecords = () => useInfiniteQuery(earningRecordsQueryOptions(useSession().token));
