import type { KnowledgeBase } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { KNOWLEDGE_POLL_MS } from './get-knowledge-bases';

/** GET /api/v1/knowledge/{id}: one of the user's bases with its counts. */
export function getKnowledgeBase(id: number, signal?: AbortSignal): Promise<KnowledgeBase> {
  return request.get<KnowledgeBase>(`/api/v1/knowledge/${id}`, { signal });
}

export const knowledgeBaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.knowledge.base(id),
    queryFn: ({ signal }) => getKnowledgeBase(id, signal),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => ((query.state.data?.processing_count ?? 0) > 0 ? KNOWLEDGE_POLL_MS : false),
  });

export function useKnowledgeBase(id: number, enabled = true) {
  return useQuery({ ...knowledgeBaseQueryOptions(id), enabled });
}
