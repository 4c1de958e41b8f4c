import type { KnowledgeOption } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/knowledge/options: the user's bases for the editor's picker. Under the knowledge pages' key. */
export function getKnowledgeOptions(signal?: AbortSignal): Promise<KnowledgeOption[]> {
  return request.get<KnowledgeOption[]>('/api/v1/knowledge/options', { signal });
}

export const knowledgeOptionsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.knowledge.options(token),
    queryFn: ({ signal }) => getKnowledgeOptions(signal),
    enabled: Boolean(token),
    staleTime: 0,
  });

export function useKnowledgeOptions() {
  const { token } = useSession();
  return useQuery(knowledgeOptionsQueryOptions(token));
}
