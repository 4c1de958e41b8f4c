import type { Comment, CursorQuery, Page } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

export const REPLY_PAGE_SIZE = 10;

/** GET /api/v1/comment/{id}/reply: a thread's replies, oldest first. */
export function getReplies(commentId: number, params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<Comment>>(`/api/v1/comment/${commentId}/reply`, {
    params: { limit: REPLY_PAGE_SIZE, ...params },
    signal,
  });
}

export const repliesQueryOptions = (commentId: number, token: string | null) =>
  cursorPagesOptions(
    queryKeys.posts.replies(commentId, token),
    (params, signal) => getReplies(commentId, params, signal),
    token,
    { needsLogin: false },
  );

/** Loads only once the thread is opened (展开 N 条回复). */
export function useReplies(commentId: number, enabled: boolean) {
  const { token } = useSession();
  return useInfiniteQuery({ ...repliesQueryOptions(commentId, token), enabled });
}
