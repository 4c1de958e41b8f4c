import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dropPost, patchPost } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** DELETE /api/v1/post/{id}: the author takes their post down. */
export function deletePost(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/post/${id}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_data, id) => {
      // Gone from every list at once; its open detail shows it deleted until the page leaves.
      dropPost(queryClient, id);
      patchPost(queryClient, id, { status: 'deleted' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.feeds }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.favouriteLists }),
      ]);
    },
  });
}
