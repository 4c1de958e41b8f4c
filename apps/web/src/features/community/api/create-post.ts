import type { CreatePostBody, Post } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/**
 * POST /api/v1/post: `images` are upload ids in the order shown. The answer's `status` says whether it is live
 * (`published`) or waits for review (`pending_review`).
 */
export function createPost(body: CreatePostBody): Promise<Post> {
  return request.post<Post>('/api/v1/post', { data: body });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
  });
}
