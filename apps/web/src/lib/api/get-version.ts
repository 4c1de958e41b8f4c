import type { VersionInfo } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';

/** GET /api/v1/version: the latest release: whether the user's app is current (settings), and what /download-app offers. */
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
