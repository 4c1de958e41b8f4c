import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';

/** DELETE /api/v1/conversation/{id}: the conversation and its messages. */
export function deleteConversation(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/conversation/${id}`);
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}
