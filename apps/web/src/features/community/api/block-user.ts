import type { BlockData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dropAuthor } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** POST /api/v1/user/{id}/block: their posts and comments are hidden for me; they cannot comment on mine. */
export function blockUser(userId: number): Promise<BlockData> {
  return request.post<BlockData>(`/api/v1/user/${userId}/block`);
}

/**
 * Their posts leave every list at once. Everything about posts is then stale, refetched where it is shown next,
 * not now: the page of their post the user is leaving would otherwise ask again and say 帖子不存在 on its way out.
 */
export function useBlockUser() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: (_data, userId) => {
      dropAuthor(queryClient, userId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.blocks(token) });
    },
  });
}
