import type { CreateWithdrawalBody, Withdrawal } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshProfile } from '../../../lib/profile';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** POST /api/v1/withdrawal: freezes the amount; `key` is the attempt's Idempotency-Key (the same on a retry). */
export function createWithdrawal(body: CreateWithdrawalBody, key: string): Promise<Withdrawal> {
  return request.post<Withdrawal>('/api/v1/withdrawal', { data: body, headers: { 'Idempotency-Key': key } });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateWithdrawalBody; key: string }) => createWithdrawal(body, key),
    onSuccess: () =>
      Promise.all([
        refreshProfile(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.user.earnings.all }),
      ]),
  });
}
