import type { KnowledgeBaseList } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** While documents are being processed, lists and pages ask again this often. */
export const KNOWLEDGE_POLL_MS = 2000;

/**
 * GET /api/v1/knowledge: the user's bases (newest change first) with usage and limits. A failure shows no toast:
 * the page says what happened where its retry is.
 */
export function getKnowledgeBases(signal?: AbortSignal): Promise<KnowledgeBaseList> {
  return request.get<KnowledgeBaseList>('/api/v1/knowledge', { signal, hideErrorToast: true });
}

export const knowledgeBasesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.knowledge.list(token),
    queryFn: ({ signal }) => getKnowledgeBases(signal),
    enabled: Boolean(token),
    staleTime: 0,
    // Poll only while a base still has documents on their way to ready (or failed).
    refetchInterval: (query) =>
      query.state.data?.list.some((base) => base.processing_count > 0) ? KNOWLEDGE_POLL_MS : false,
  });

export function useKnowledgeBases() {
  const { token } = useSession();
  return useQuery(knowledgeBasesQueryOptions(token));
}

/** The user's limits only (from the same list), without polling: for pages that just need to know them. */
export function useKnowledgeLimits() {
  const { token } = useSession();
  return useQuery({
    ...knowledgeBasesQueryOptions(token),
    refetchInterval: false,
    select: (data) => data.limits,
  });
}
