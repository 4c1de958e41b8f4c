import type { MyBot } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOTS_KEY } from '../../../lib/api/set-favourite';
import { request } from '../../../lib/request';

export type Visibility = MyBot['visibility'];

/** PUT /api/v1/bot/{id}/visibility: public sends the bot to review; private takes it out of discover. */
export function setBotVisibility({ id, visibility }: { id: number; visibility: Visibility }): Promise<MyBot> {
  return request.put<MyBot>(`/api/v1/bot/${id}/visibility`, { data: { visibility } });
}

export function useSetBotVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBotVisibility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOTS_KEY }),
  });
}
