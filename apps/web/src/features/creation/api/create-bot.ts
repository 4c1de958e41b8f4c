import type { BotInput, MyBot } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** POST /api/v1/bot: a new bot (public ones go to review). */
export function createBot(body: BotInput): Promise<MyBot> {
  return request.post<MyBot>('/api/v1/bot', { data: body });
}

export function useCreateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bots.all }),
  });
}
