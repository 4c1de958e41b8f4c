import type { BotSort, BotSummary } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BOTS_KEY } from '../../../lib/api/set-favourite';
import { request } from '../../../lib/request';

export interface BotPage {
  list: BotSummary[];
  next_cursor: string | null;
}

export interface BotFilter {
  category?: string;
  keyword?: string;
  sort: BotSort;
}

export const BOT_PAGE_SIZE = 20;

/**
 * GET /api/v1/bot: the public catalogue by category, keyword and hot / new, paged by cursor. A failure shows no
 * toast: the list says what happened where its retry is.
 */
export function getBots(
  filter: BotFilter & { cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<BotPage> {
  const params = {
    ...filter,
    keyword: filter.keyword?.trim() || undefined,
    limit: filter.limit ?? BOT_PAGE_SIZE,
  };
  return request.get<BotPage>('/api/v1/bot', { params, signal, hideErrorToast: true });
}

export const botsQueryOptions = (filter: BotFilter) =>
  infiniteQueryOptions({
    queryKey: [...BOTS_KEY, 'list', filter],
    queryFn: ({ pageParam, signal }) => getBots({ ...filter, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useBots(filter: BotFilter) {
  return useInfiniteQuery(botsQueryOptions(filter));
}
