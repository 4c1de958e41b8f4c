import type { LikeData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likedPatch, patchPost } from '../post-cache';
import { request } from '../request';

/** POST (like) or DELETE (unlike) /api/v1/post/{id}/like. Used by the feed, the detail and my collection. */
export function setPostLike({ postId, like }: { postId: number; like: boolean }): Promise<LikeData> {
  const url = `/api/v1/post/${postId}/like`;
  return like ? request.post<LikeData>(url) : request.delete<LikeData>(url);
}

/**
 * A like shows at once in every copy of the post; a refusal puts it back (the request client has said why), and
 * the server's answer sets the exact count.
 */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPostLike,
    onMutate: ({ postId, like }) => patchPost(queryClient, postId, likedPatch(like)),
    onError: (_error, { postId, like }) => patchPost(queryClient, postId, likedPatch(!like)),
    onSuccess: (data, { postId }) =>
      patchPost(queryClient, postId, { liked: data.liked, like_count: data.like_count }),
  });
}
