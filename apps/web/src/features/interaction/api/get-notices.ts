import type { Notice, NoticeCategory, NoticeListQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

export const NOTICE_PAGE_SIZE = 20;

/**
 * GET /api/v1/notice?category=: one category's notices, newest first. Fetching the first page marks the category
 * read on the server.
 */
export function getNotices(params: NoticeListQuery, signal?: AbortSignal): Promise<Page<Notice>> {
  return request.get<Page<Notice>>('/api/v1/notice', {
    params: { limit: NOTICE_PAGE_SIZE, ...params },
    signal,
  });
}

export const noticesQueryOptions = (
  token: string | null,
  category: NoticeCategory,
  /** Called after the first page arrived: the category is read now. */
  onOpened?: () => void,
) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notices.list(category, token),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotices({ category, cursor: pageParam }, signal);
      if (pageParam === undefined) onOpened?.();
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
    staleTime: 0,
  });

/** A category's notices; opening it refreshes the unread counts (and so the tab bar badge). */
export function useNotices(category: NoticeCategory) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useInfiniteQuery(
    noticesQueryOptions(token, category, () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notices.unread.all });
    }),
  );
}
