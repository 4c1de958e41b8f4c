import type { UnreadCounts } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';
import { useSession } from '../session';

/** GET /api/v1/notice/unread: unread notices per category and in total. Polled in the background: quiet. */
export function getNoticeUnread(signal?: AbortSignal): Promise<UnreadCounts> {
  return request.get<UnreadCounts>('/api/v1/notice/unread', {
    signal,
    hideErrorToast: true,
    noLoginDialog: true,
  });
}

export const noticeUnreadQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.notices.unread.of(token),
    queryFn: ({ signal }) => getNoticeUnread(signal),
    enabled: Boolean(token),
    staleTime: 0,
  });

/** The logged-in user's unread counts (nothing while logged out). Used by the tab bar sync and /interaction. */
export function useNoticeUnread() {
  const { token } = useSession();
  return useQuery(noticeUnreadQueryOptions(token));
}
