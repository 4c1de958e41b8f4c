import type { CursorQuery, Page, Post } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/post/favourite: the posts the user keeps, most recently kept first. */
export function getFavouritePosts(params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<Post>>('/api/v1/post/favourite', {
    params: { limit: 20, ...params },
    signal,
    hideErrorToast: true,
  });
}

export function useFavouritePosts(enabled: boolean) {
  const { token } = useSession();
  const options = cursorPagesOptions(queryKeys.posts.favourites(token), getFavouritePosts, token);
  return useInfiniteQuery({ ...options, enabled: Boolean(token) && enabled });
}
