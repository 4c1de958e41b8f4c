import type { MemberPlans } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/member/plans: VIP tiers, chip packages, the member discount and the channels the server takes. */
export function getMemberPlans(signal?: AbortSignal): Promise<MemberPlans> {
  return request.get<MemberPlans>('/api/v1/member/plans', { hideErrorToast: true, signal });
}

export const memberPlansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.memberPlans(), queryFn: ({ signal }) => getMemberPlans(signal) });

export const useMemberPlans = () => useQuery(memberPlansQueryOptions());
