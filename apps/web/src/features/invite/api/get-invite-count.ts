import type { InviteRewardCount } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/invite/reward/count: how many I invited, what it earned me, and the rules. */
export function getInviteCount(signal?: AbortSignal): Promise<InviteRewardCount> {
  return request.get<InviteRewardCount>('/api/v1/invite/reward/count', { hideErrorToast: true, signal });
}

export const inviteCountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.user.invite.count(token),
    queryFn: ({ signal }) => getInviteCount(signal),
    enabled: Boolean(token),
  });

export const useInviteCount = () => useQuery(inviteCountQueryOptions(useSession().token));
