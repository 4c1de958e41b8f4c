import type { RedeemBody, RedeemResult } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshProfile } from '../../../lib/profile';
import { request } from '../../../lib/request';

/**
 * POST /api/v1/redeem: chips or VIP days. The page shows a refusal under the field (unknown, used, expired, too many
 * tries), so the call shows no toast.
 */
export function redeemCode(body: RedeemBody): Promise<RedeemResult> {
  return request.post<RedeemResult>('/api/v1/redeem', { data: body, hideErrorToast: true });
}

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () => refreshProfile(queryClient),
  });
}
