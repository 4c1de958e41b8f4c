import type { PostFavouriteData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favouritedPatch, patchPost } from '../post-cache';
import { queryKeys } from '../query-keys';
import { request } from '../request';

/** POST (keep) or DELETE (let go) /api/v1/post/{id}/favourite. Used by the feed, the detail and my collection. */
export function setPostFavourite({
  postId,
  favourite,
}: {
  postId: number;
  favourite: boolean;
}): Promise<PostFavouriteData> {
  const url = `/api/v1/post/${postId}/favourite`;
  return favourite ? request.post<PostFavouriteData>(url) : request.delete<PostFavouriteData>(url);
}

/** Like a like: shown at once, put back on a refusal; then the favourites list follows the server. */
export function useFavouritePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPostFavourite,
    onMutate: ({ postId, favourite }) => patchPost(queryClient, postId, favouritedPatch(favourite)),
    onError: (_error, { postId, favourite }) => patchPost(queryClient, postId, favouritedPatch(!favourite)),
    onSuccess: async (data, { postId }) => {
      patchPost(queryClient, postId, { favourited: data.favourited, favourite_count: data.favourite_count });
      await queryClient.invalidateQueries({ queryKey: queryKeys.posts.favouriteLists });
    },
  });
}
