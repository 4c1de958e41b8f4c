import type { MyBot, MyBotsQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/bot/mine: the user's own bots, whatever their status, most recently changed first. */
export function getMyBots(params: MyBotsQuery, signal?: AbortSignal): Promise<Page<MyBot>> {
  return request.get<Page<MyBot>>('/api/v1/bot/mine', { params: { limit: 20, ...params }, signal });
}

export const myBotsQueryOptions = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.bots.mine.list(token),
    queryFn: ({ pageParam, signal }) => getMyBots({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
    staleTime: 0,
  });

export function useMyBots() {
  const { token } = useSession();
  return useInfiniteQuery(myBotsQueryOptions(token));
}
