import type { BotDetail } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/**
 * GET /api/v1/bot/{id} for `?bot=` on the release page (the same call and cache entry as a bot's chat page). No
 * toast: a bot that cannot be attached is simply not.
 */
export function useBotToAttach(id: number | null) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: queryKeys.bots.detail(id ?? 0, token),
      queryFn: ({ signal }) =>
        request.get<BotDetail>(`/api/v1/bot/${id}`, { signal, noLoginDialog: true, hideErrorToast: true }),
      enabled: id !== null && id > 0,
      retry: false,
    }),
  );
}
