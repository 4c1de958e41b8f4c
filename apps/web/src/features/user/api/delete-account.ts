import type { OkData } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** DELETE /api/v1/user: erase the account, re-verified by the SMS code. */
export function deleteAccount(code: string): Promise<OkData> {
  return request.delete<OkData>('/api/v1/user', { data: { code } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
