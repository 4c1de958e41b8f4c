import type { LoginCodeData } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /api/v1/user/deletion/code: an SMS code to the account's own phone, to confirm deletion. */
export function sendDeletionCode(): Promise<LoginCodeData> {
  return request.post<LoginCodeData>('/api/v1/user/deletion/code');
}

export function useSendDeletionCode() {
  return useMutation({ mutationFn: sendDeletionCode });
}
