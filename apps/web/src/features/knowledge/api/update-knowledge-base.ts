import type { KnowledgeBase, KnowledgeBaseInput } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { knowledgeBaseKey } from './get-knowledge-base';
import { KNOWLEDGE_KEY } from './get-knowledge-bases';

/** PUT /api/v1/knowledge/{id}: name, description and cover. */
export function updateKnowledgeBase(input: { id: number; body: KnowledgeBaseInput }): Promise<KnowledgeBase> {
  return request.put<KnowledgeBase>(`/api/v1/knowledge/${input.id}`, { data: input.body });
}

export function useUpdateKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKnowledgeBase,
    onSuccess: (saved) => {
      queryClient.setQueryData(knowledgeBaseKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: KNOWLEDGE_KEY });
    },
  });
}
