import type { UpdateUserBody, UserInfo } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { setProfile } from '../../../lib/profile';

/** PUT /api/v1/user: any subset of nickname, avatar, gender, birthday, bio. */
export function updateUser(body: UpdateUserBody): Promise<UserInfo> {
  return request.put<UserInfo>('/api/v1/user', { data: body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => setProfile(queryClient, user),
  });
}
