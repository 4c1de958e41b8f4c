import type { KnowledgeBase, KnowledgeBaseInput } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** PUT /api/v1/knowledge/{id}: name, description and cover. */
export function updateKnowledgeBase(input: { id: number; body: KnowledgeBaseInput }): Promise<KnowledgeBase> {
  return request.put<KnowledgeBase>(`/api/v1/knowledge/${input.id}`, { data: input.body });
}

export function useUpdateKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKnowledgeBase,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.knowledge.base(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all });
    },
  });
}
