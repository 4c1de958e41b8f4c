import type { BotHome } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/bot/home: the assistant and the featured bots. */
export function getBotHome(signal?: AbortSignal): Promise<BotHome> {
  return request.get<BotHome>('/api/v1/bot/home', { signal });
}

export const botHomeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bots.home(),
    queryFn: ({ signal }) => getBotHome(signal),
    staleTime: 5 * 60_000,
  });

export function useBotHome() {
  return useQuery(botHomeQueryOptions());
}
