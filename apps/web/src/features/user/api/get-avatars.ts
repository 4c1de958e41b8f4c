import type { AvatarList, Gender } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/avatar/{gender}: the preset avatars for one gender (0 secret, 1 male, 2 female). */
export function getAvatars(gender: Gender, signal?: AbortSignal): Promise<AvatarList> {
  return request.get<AvatarList>(`/api/v1/avatar/${gender}`, { signal });
}

export const avatarsQueryOptions = (gender: Gender) =>
  queryOptions({
    queryKey: queryKeys.avatars(gender),
    queryFn: ({ signal }) => getAvatars(gender, signal),
    staleTime: 10 * 60_000,
  });

export function useAvatars(gender: Gender) {
  return useQuery(avatarsQueryOptions(gender));
}
