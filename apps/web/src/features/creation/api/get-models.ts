import type { ModelInfo } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/model: the models this user may pick (VIP-only ones for members). */
export function getModels(signal?: AbortSignal): Promise<{ list: ModelInfo[] }> {
  return request.get<{ list: ModelInfo[] }>('/api/v1/model', { signal });
}

export const modelsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['models', token],
    queryFn: ({ signal }) => getModels(signal),
    staleTime: 5 * 60_000,
  });

export function useModels() {
  const { token } = useSession();
  return useQuery(modelsQueryOptions(token));
}
