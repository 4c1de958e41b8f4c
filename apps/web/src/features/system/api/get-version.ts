import type { VersionInfo } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/version: the latest release of the Android app, for /download-app. */
export function getVersion(signal?: AbortSignal): Promise<VersionInfo> {
  return request.get<VersionInfo>('/api/v1/version', { signal, hideErrorToast: true });
}

export const versionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.version(),
    queryFn: ({ signal }) => getVersion(signal),
    staleTime: 5 * 60_000,
  });

export function useVersion() {
  return useQuery(versionQueryOptions());
}
