import type { LikeData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentLikedPatch, patchComment } from './comment-cache';
import { request } from '../../../lib/request';

/** POST (like) or DELETE (unlike) /api/v1/comment/{id}/like. */
export function setCommentLike({ commentId, like }: { commentId: number; like: boolean }): Promise<LikeData> {
  const url = `/api/v1/comment/${commentId}/like`;
  return like ? request.post<LikeData>(url) : request.delete<LikeData>(url);
}

/** Shown at once, put back when refused, the server's count once answered (as a post's like). */
export function useLikeComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCommentLike,
    onMutate: ({ commentId, like }) => patchComment(queryClient, commentId, commentLikedPatch(like)),
    onError: (_error, { commentId, like }) => patchComment(queryClient, commentId, commentLikedPatch(!like)),
    onSuccess: (data, { commentId }) =>
      patchComment(queryClient, commentId, () => ({ liked: data.liked, like_count: data.like_count })),
  });
}
