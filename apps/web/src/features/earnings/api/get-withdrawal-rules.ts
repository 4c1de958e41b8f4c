import type { WithdrawalRules } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/withdrawal/rules: minimum, daily maximum, fee, and what I already asked for today. */
export function getWithdrawalRules(signal?: AbortSignal): Promise<WithdrawalRules> {
  return request.get<WithdrawalRules>('/api/v1/withdrawal/rules', { hideErrorToast: true, signal });
}

export const withdrawalRulesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.user.earnings.rules(token),
    queryFn: ({ signal }) => getWithdrawalRules(signal),
    enabled: Boolean(token),
  });

export const useWithdrawalRules = () => useQuery(withdrawalRulesQueryOptions(useSession().token));
