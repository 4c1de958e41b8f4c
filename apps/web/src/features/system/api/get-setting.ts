import type { PublicSettings } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/setting: public system settings. Fetched in the background, so failures stay quiet. */
export function getSetting(signal?: AbortSignal): Promise<PublicSettings> {
  return request.get<PublicSettings>('/api/v1/setting', { hideErrorToast: true, signal });
}

export const settingQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.setting(),
    queryFn: ({ signal }) => getSetting(signal),
    staleTime: 0,
  });

export function useSetting() {
  return useQuery(settingQueryOptions());
}
