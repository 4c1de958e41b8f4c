import type { BotListQuery, BotSummary, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys, type BotListFilter } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

export const BOT_PAGE_SIZE = 20;

/**
 * GET /api/v1/bot: the public catalogue by category, keyword and hot / new, paged by cursor. A failure shows no
 * toast: the list says what happened where its retry is.
 */
export function getBots(query: BotListQuery, signal?: AbortSignal): Promise<Page<BotSummary>> {
  const params = {
    ...query,
    keyword: query.keyword?.trim() || undefined,
    limit: query.limit ?? BOT_PAGE_SIZE,
  };
  return request.get<Page<BotSummary>>('/api/v1/bot', { params, signal, hideErrorToast: true });
}

export const botsQueryOptions = (filter: BotListFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.bots.list(filter),
    queryFn: ({ pageParam, signal }) => getBots({ ...filter, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useBots(filter: BotListFilter) {
  return useInfiniteQuery(botsQueryOptions(filter));
}
