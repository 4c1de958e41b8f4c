import type { BotDetail } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/**
 * GET /api/v1/bot/{id}: what the chat page shows of a bot; works logged out (is_favourite is then false). A
 * failure shows no toast: the page says what happened in its place.
 */
export function getBot(id: number, signal?: AbortSignal): Promise<BotDetail> {
  return request.get<BotDetail>(`/api/v1/bot/${id}`, { signal, noLoginDialog: true, hideErrorToast: true });
}

export const botQueryOptions = (id: number, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.bots.detail(id, token),
    queryFn: ({ signal }) => getBot(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useBot(id: number) {
  const { token } = useSession();
  return useQuery(botQueryOptions(id, token));
}
