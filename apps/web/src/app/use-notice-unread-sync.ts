import { useEffect } from 'react';
import { useNoticeUnread } from '../lib/api/get-notice-unread';
import { setNoticeUnreadCount } from '../lib/common-store';
import { useSession } from '../lib/session';

/**
 * The common state's `noticeUnreadCount` (the history tab's badge): the unread total, fetched on start when logged
 * in, again whenever the page becomes visible, and whenever the counts are invalidated (opening a category).
 */
export function useNoticeUnreadSync() {
  const { isLoggedIn } = useSession();
  const { data, refetch } = useNoticeUnread();

  useEffect(() => {
    if (!isLoggedIn) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [isLoggedIn, refetch]);

  useEffect(() => {
    setNoticeUnreadCount(isLoggedIn && data ? data.total : 0);
  }, [isLoggedIn, data]);
}
