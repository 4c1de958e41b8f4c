import type { AdminWithdrawal, WithdrawalSummary } from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../../lib/request';
import { consoleKeys } from '../../../lib/console-keys';

export const WITHDRAWALS = 'withdrawals';
export const WITHDRAWALS_URL = '/api/v1/admin/withdrawal';

/** GET /admin/withdrawal/summary: the tabs' counts and the money waiting. */
export function useWithdrawalSummary() {
  return useQuery({
    queryKey: consoleKeys.of(WITHDRAWALS, 'summary'),
    queryFn: () => request.get<WithdrawalSummary>(`${WITHDRAWALS_URL}/summary`),
  });
}

export type WithdrawalAction =
  | { action: 'approve'; id: number }
  | { action: 'reject'; id: number; reason: string }
  | { action: 'paid'; id: number; reference: string };

/** POST /admin/withdrawal/{id}/approve|reject|paid; the list and the counts refresh after it. */
export function useWithdrawalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, ...body }: WithdrawalAction) =>
      request.post<AdminWithdrawal>(`${WITHDRAWALS_URL}/${id}/${action}`, {
        data: action === 'approve' ? undefined : body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.area(WITHDRAWALS) }),
  });
}
