import type { UnreadCounts } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';
import { useSession } from '../session';

/** Every notice query starts with this key: opening a category invalidates it, so the counts refresh. */
export const NOTICES_KEY = ['notices'] as const;
export const NOTICE_UNREAD_KEY = [...NOTICES_KEY, 'unread'] as const;

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
    queryKey: [...NOTICE_UNREAD_KEY, token],
    queryFn: ({ signal }) => getNoticeUnread(signal),
    enabled: Boolean(token),
    staleTime: 0,
  });

/** The logged-in user's unread counts (nothing while logged out). Used by the tab bar sync and /interaction. */
export function useNoticeUnread() {
  const { token } = useSession();
  return useQuery(noticeUnreadQueryOptions(token));
}
