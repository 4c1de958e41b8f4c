import type { OkData, Post } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchPost } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** DELETE /api/v1/comment/{id}: its author, or the post's author, takes it down. */
export function deleteComment(commentId: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/comment/${commentId}`);
}

/**
 * The lists follow the server (a deleted top-level comment with replies stays as 该评论已删除; the post's count
 * drops by what really went), and the count the server gives the post again goes into its cards in the feeds.
 */
export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.commentLists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.replyLists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.posts.detail(postId, token) }),
      ]);
      const post = queryClient.getQueryData<Post>(queryKeys.posts.detail(postId, token));
      if (post && post.status !== 'deleted')
        patchPost(queryClient, postId, { comment_count: post.comment_count });
    },
  });
}
