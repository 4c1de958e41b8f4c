import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dropPost } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** DELETE /api/v1/post/{id}: the author takes their post down. */
export function deletePost(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/post/${id}`);
}

/**
 * Gone from every list at once. The lists and the post itself are then stale, refetched where they are shown
 * next, not now: the open post stays as it was while the page leaves (no 帖子不存在 on its way out).
 */
export function useDeletePost() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, id) => {
      dropPost(queryClient, id);
      const stale = { refetchType: 'none' } as const;
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.feeds, ...stale });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.favouriteLists, ...stale });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.detail(id, token), ...stale });
    },
  });
}
