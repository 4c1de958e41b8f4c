import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BOTS_KEY } from '../../../lib/api/set-favourite';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import type { BotPage } from './get-bots';

/** GET /api/v1/bot/favourite: the bots the user keeps, most recently kept first. */
export function getFavouriteBots(params: { cursor?: string; limit?: number }, signal?: AbortSignal) {
  return request.get<BotPage>('/api/v1/bot/favourite', { params: { limit: 20, ...params }, signal });
}

export const favouriteBotsQueryOptions = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: [...BOTS_KEY, 'favourites', token],
    queryFn: ({ pageParam, signal }) => getFavouriteBots({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });

export function useFavouriteBots() {
  const { token } = useSession();
  return useInfiniteQuery(favouriteBotsQueryOptions(token));
}
