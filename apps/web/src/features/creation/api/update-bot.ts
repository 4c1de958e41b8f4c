import type { BotInput, MyBot } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** PUT /api/v1/bot/{id}: new settings (an edit of a published bot waits for review; the live one keeps serving). */
export function updateBot({ id, body }: { id: number; body: BotInput }): Promise<MyBot> {
  return request.put<MyBot>(`/api/v1/bot/${id}`, { data: body });
}

export function useUpdateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bots.all }),
  });
}
