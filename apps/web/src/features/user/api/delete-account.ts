import type { DeleteUserBody, OkData } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** DELETE /api/v1/user: erase the account, re-verified by the SMS code. */
export function deleteAccount(code: string): Promise<OkData> {
  const body: DeleteUserBody = { code };
  return request.delete<OkData>('/api/v1/user', { data: body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
