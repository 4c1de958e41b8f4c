import type { BotVisibilityBody, MyBot } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

export type Visibility = BotVisibilityBody['visibility'];

/** PUT /api/v1/bot/{id}/visibility: public sends the bot to review; private takes it out of discover. */
export function setBotVisibility({ id, visibility }: { id: number; visibility: Visibility }): Promise<MyBot> {
  const body: BotVisibilityBody = { visibility };
  return request.put<MyBot>(`/api/v1/bot/${id}/visibility`, { data: body });
}

export function useSetBotVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBotVisibility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bots.all }),
  });
}
