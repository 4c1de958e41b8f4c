import type { Category } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOTS_KEY } from './set-favourite';
import { request } from '../request';

/**
 * GET /api/v1/bot/category: the catalogue's categories, in display order. A failure shows no toast: without
 * them the pages still work, and the list beside them says what happened.
 */
export function getCategories(signal?: AbortSignal): Promise<{ list: Category[] }> {
  return request.get<{ list: Category[] }>('/api/v1/bot/category', { signal, hideErrorToast: true });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...BOTS_KEY, 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
