import type { KnowledgeBase, KnowledgeBaseInput } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** POST /api/v1/knowledge: a new base (the per-user limit answers 10030). */
export function createKnowledgeBase(body: KnowledgeBaseInput): Promise<KnowledgeBase> {
  return request.post<KnowledgeBase>('/api/v1/knowledge', { data: body });
}

export function useCreateKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKnowledgeBase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all }),
  });
}
