import type { OkData } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /api/v1/logout: revokes the token on the server. */
export function logout(): Promise<OkData> {
  return request.post<OkData>('/api/v1/logout', { noLoginDialog: true, hideErrorToast: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
