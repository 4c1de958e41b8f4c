import type { Snippet } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/**
 * GET /api/v1/snippet/{id}: one of the user's snippets in full. No toast on failure: a snippet that is gone, or
 * not theirs, is said in the page's place.
 */
export function getSnippet(id: number, signal?: AbortSignal): Promise<Snippet> {
  return request.get<Snippet>(`/api/v1/snippet/${id}`, { signal, hideErrorToast: true });
}

export const snippetQueryOptions = (id: number, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.snippets.one(id, token),
    queryFn: ({ signal }) => getSnippet(id, signal),
    enabled: Boolean(token) && Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useSnippet(id: number) {
  const { token } = useSession();
  return useQuery(snippetQueryOptions(id, token));
}
