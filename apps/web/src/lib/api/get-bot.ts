import type { BotDetail } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';
import { useSession } from '../session';

/**
 * GET /api/v1/bot/{id}: what the chat page shows of a bot, and the bot `?bot=` attaches to a new post; works logged
 * out (is_favourite is then false). A failure shows no toast: the page says what happened in its place (the
 * release page simply attaches nothing).
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

/** `null`: no bot (nothing loads). */
export function useBot(id: number | null) {
  const { token } = useSession();
  return useQuery(botQueryOptions(id ?? 0, token));
}
