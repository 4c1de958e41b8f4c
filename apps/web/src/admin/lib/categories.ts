import type { AdminCategoryList } from '@lingxi/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { consoleKeys } from './console-keys';

/** The catalogue's categories as operators see them (review cards and the catalogue desk name bots' categories). */
export const categoriesKey = consoleKeys.of('catalogue', 'categories');

export function useAdminCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: () => request.get<AdminCategoryList>('/api/v1/admin/category'),
    staleTime: 60_000,
  });
}
