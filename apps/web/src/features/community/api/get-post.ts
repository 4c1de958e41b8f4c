import { ErrorCode, type Post } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/post/{id}: the post in full (its whole snippet). The page shows a failure in place, no toast. */
export function getPost(id: number, signal?: AbortSignal): Promise<Post> {
  return request.get<Post>(`/api/v1/post/${id}`, { signal, hideErrorToast: true });
}

export const postQueryOptions = (id: number, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.posts.detail(id, token),
    queryFn: ({ signal }) => getPost(id, signal),
    enabled: id > 0,
  });

export function usePost(id: number) {
  const { token } = useSession();
  return useQuery(postQueryOptions(id, token));
}

/** The post is gone for this viewer (deleted, never there, or waiting for review and not theirs). */
export const isPostGone = (error: unknown) => isApiError(error) && error.code === ErrorCode.NOT_FOUND;
