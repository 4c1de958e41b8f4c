import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** DELETE /api/v1/comment/{id}: its author, or the post's author, takes it down. */
export function deleteComment(commentId: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/comment/${commentId}`);
}

/**
 * The lists follow the server (a deleted top-level comment with replies stays as 该评论已删除; the post's count
 * drops by what really went).
 */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.commentLists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.replyLists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.details }),
      ]),
  });
}
