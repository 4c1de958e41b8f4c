import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** DELETE /api/v1/knowledge/{id}: the base with its documents; bots stop using it. */
export function deleteKnowledgeBase(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/knowledge/${id}`);
}

export function useDeleteKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKnowledgeBase,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.knowledge.base(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all });
    },
  });
}
