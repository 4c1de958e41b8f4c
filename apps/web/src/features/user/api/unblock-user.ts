import type { BlockData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** DELETE /api/v1/user/{id}/block: their posts and comments show again. */
export function unblockUser(id: number): Promise<BlockData> {
  return request.delete<BlockData>(`/api/v1/user/${id}/block`);
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.blocks(token) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
      ]),
  });
}
