import type { LoginBody, LoginData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { startSession } from '../../../lib/profile';

/** POST /api/v1/phone/login: phone + SMS code (+ the stored invite code) → token and profile. */
export function login(body: LoginBody): Promise<LoginData> {
  return request.post<LoginData>('/api/v1/phone/login', { data: body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user_info }) => startSession(queryClient, token, user_info),
  });
}
