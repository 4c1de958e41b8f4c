import type { MyBot } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** GET /api/v1/bot/{id}/edit: the creator's view of a bot, including an edit waiting for review. */
export function getMyBot(id: number, signal?: AbortSignal): Promise<MyBot> {
  return request.get<MyBot>(`/api/v1/bot/${id}/edit`, { signal });
}

export const myBotQueryOptions = (id: number | null, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.bots.mine.edit(id, token),
    queryFn: ({ signal }) => getMyBot(id!, signal),
    enabled: Boolean(token) && id !== null && id > 0,
    // The editor starts from this copy: never from a stale one.
    staleTime: 0,
    gcTime: 0,
  });

export function useMyBot(id: number | null) {
  const { token } = useSession();
  return useQuery(myBotQueryOptions(id, token));
}
