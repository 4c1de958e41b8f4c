import type { CategoryList } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';

/**
 * GET /api/v1/bot/category: the catalogue's categories, in display order. A failure shows no toast: without
 * them the pages still work, and the list beside them says what happened.
 */
export function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return request.get<CategoryList>('/api/v1/bot/category', { signal, hideErrorToast: true });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bots.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
