import type { KnowledgeBase, KnowledgeBaseInput } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { KNOWLEDGE_KEY } from './get-knowledge-bases';

/** POST /api/v1/knowledge: a new base (the per-user limit answers 10030). */
export function createKnowledgeBase(body: KnowledgeBaseInput): Promise<KnowledgeBase> {
  return request.post<KnowledgeBase>('/api/v1/knowledge', { data: body });
}

export function useCreateKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKnowledgeBase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KNOWLEDGE_KEY }),
  });
}
