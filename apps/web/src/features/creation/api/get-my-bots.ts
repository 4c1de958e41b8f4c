import type { MyBot } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BOTS_KEY } from '../../../lib/api/set-favourite';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

export interface MyBotPage {
  list: MyBot[];
  next_cursor: string | null;
}

/** Every cached "my bots" query starts with this key; saving, deleting or a visibility change refreshes them. */
export const MY_BOTS_KEY = [...BOTS_KEY, 'mine'] as const;

/** GET /api/v1/bot/mine: the user's own bots, whatever their status, most recently changed first. */
export function getMyBots(
  params: { cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<MyBotPage> {
  return request.get<MyBotPage>('/api/v1/bot/mine', { params: { limit: 20, ...params }, signal });
}

export const myBotsQueryOptions = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: [...MY_BOTS_KEY, 'list', token],
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
