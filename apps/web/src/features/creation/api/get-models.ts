import type { ModelList } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/model: the models this user may pick (VIP-only ones for members). */
export function getModels(signal?: AbortSignal): Promise<ModelList> {
  return request.get<ModelList>('/api/v1/model', { signal });
}

export const modelsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.models(token),
    queryFn: ({ signal }) => getModels(signal),
    staleTime: 5 * 60_000,
  });

export function useModels() {
  const { token } = useSession();
  return useQuery(modelsQueryOptions(token));
}
