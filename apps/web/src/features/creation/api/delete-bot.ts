import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** DELETE /api/v1/bot/{id}: the user's own bot. */
export function deleteBot(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/bot/${id}`);
}

export function useDeleteBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bots.all }),
  });
}
