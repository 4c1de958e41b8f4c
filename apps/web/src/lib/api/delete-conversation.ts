import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../request';
import { CONVERSATIONS_KEY } from './get-conversations';

/** DELETE /api/v1/conversation/{id}: the conversation and its messages. */
export function deleteConversation(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/conversation/${id}`);
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}
