import type { BlockData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** POST /api/v1/user/{id}/block: their posts and comments are hidden for me; they cannot comment on mine. */
export function blockUser(userId: number): Promise<BlockData> {
  return request.post<BlockData>(`/api/v1/user/${userId}/block`);
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.blocks(token) }),
      ]);
    },
  });
}
