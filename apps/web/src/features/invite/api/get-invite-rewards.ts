import type { CursorQuery, InviteReward, Page } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
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
  cursorPagesOptions(queryKeys.user.invite.rewards(token), getInviteRewards, token);

export const useInviteRewards = () => useInfiniteQuery(inviteRewardsQueryOptions(useSession().token));
