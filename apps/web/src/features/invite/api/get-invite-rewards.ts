import type { CursorQuery, InviteReward, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/invite/reward: my invite rewards (signup chips, commissions and their reversals), newest first. */
export function getInviteRewards(params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<InviteReward>>('/api/v1/invite/reward', {
    params: { limit: 20, ...params },
    hideErrorToast: true,
    signal,
  });
}

export const inviteRewardsQueryOptions = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.user.invite.rewards(token),
    queryFn: ({ pageParam, signal }) => getInviteRewards({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });

export const useInviteRewards = () => useInfiniteQuery(inviteRewardsQueryOptions(useSession().token));
