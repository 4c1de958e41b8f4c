import type { CommentThread, CursorQuery, Page } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/post/{id}/comment: the threads, newest first, each with its first replies. */
export function getComments(postId: number, params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<CommentThread>>(`/api/v1/post/${postId}/comment`, {
    params: { limit: 20, ...params },
    signal,
    hideErrorToast: true,
  });
}

export const commentsQueryOptions = (postId: number, token: string | null) =>
  cursorPagesOptions(
    queryKeys.posts.comments(postId, token),
    (params, signal) => getComments(postId, params, signal),
    token,
    { needsLogin: false },
  );

export function useComments(postId: number, enabled: boolean) {
  const { token } = useSession();
  return useInfiniteQuery({ ...commentsQueryOptions(postId, token), enabled: postId > 0 && enabled });
}
