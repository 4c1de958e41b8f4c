import type { KnowledgeBase } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { KNOWLEDGE_KEY, KNOWLEDGE_POLL_MS } from './get-knowledge-bases';

export const knowledgeBaseKey = (id: number) => [...KNOWLEDGE_KEY, 'base', id] as const;

/** GET /api/v1/knowledge/{id}: one of the user's bases with its counts. */
export function getKnowledgeBase(id: number, signal?: AbortSignal): Promise<KnowledgeBase> {
  return request.get<KnowledgeBase>(`/api/v1/knowledge/${id}`, { signal });
}

export const knowledgeBaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: knowledgeBaseKey(id),
    queryFn: ({ signal }) => getKnowledgeBase(id, signal),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => ((query.state.data?.processing_count ?? 0) > 0 ? KNOWLEDGE_POLL_MS : false),
  });

export function useKnowledgeBase(id: number, enabled = true) {
  return useQuery({ ...knowledgeBaseQueryOptions(id), enabled });
}
