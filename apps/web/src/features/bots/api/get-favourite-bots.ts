import type { BotSummary, CursorQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/bot/favourite: the bots the user keeps, most recently kept first. */
export function getFavouriteBots(params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<BotSummary>>('/api/v1/bot/favourite', { params: { limit: 20, ...params }, signal });
}

export const favouriteBotsQueryOptions = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.bots.favourites(token),
    queryFn: ({ pageParam, signal }) => getFavouriteBots({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });

export function useFavouriteBots() {
  const { token } = useSession();
  return useInfiniteQuery(favouriteBotsQueryOptions(token));
}
