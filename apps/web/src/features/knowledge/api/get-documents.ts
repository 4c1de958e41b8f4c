import type { KnowledgeDocument, KnowledgeDocumentListQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { KNOWLEDGE_POLL_MS } from './get-knowledge-bases';

/** GET /api/v1/knowledge/{id}/document: the base's documents, newest first. */
export function getDocuments(
  baseId: number,
  params: KnowledgeDocumentListQuery,
  signal?: AbortSignal,
): Promise<Page<KnowledgeDocument>> {
  return request.get<Page<KnowledgeDocument>>(`/api/v1/knowledge/${baseId}/document`, {
    params: { limit: 20, ...params },
    signal,
    // The panel says what happened where its retry is (no toast over it).
    hideErrorToast: true,
  });
}

/** A document still on its way: waiting for the worker, or being read. */
export const isInProgress = (doc: KnowledgeDocument) =>
  doc.status === 'pending' || doc.status === 'processing';

export const anyInProgress = (data: InfiniteData<Page<KnowledgeDocument>> | undefined) =>
  Boolean(data?.pages.some((page) => page.list.some(isInProgress)));

export const documentsQueryOptions = (baseId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.knowledge.documents(baseId),
    queryFn: ({ pageParam, signal }) => getDocuments(baseId, { cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (anyInProgress(query.state.data) ? KNOWLEDGE_POLL_MS : false),
  });

export function useDocuments(baseId: number, enabled = true) {
  return useInfiniteQuery({ ...documentsQueryOptions(baseId), enabled });
}
