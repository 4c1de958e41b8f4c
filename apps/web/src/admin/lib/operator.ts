import type { UserInfo } from '@lingxi/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { consoleKeys } from './console-keys';

/** Who is signed in (GET /api/v1/user): the console opens only for role admin. */
export function useOperator(enabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.operator,
    queryFn: () => request.get<UserInfo>('/api/v1/user'),
    enabled,
    staleTime: 60_000,
  });
}
