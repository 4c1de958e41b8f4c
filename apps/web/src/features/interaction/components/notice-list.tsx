import type { Notice, NoticeCategory } from '@lingxi/contract';
import { Skeleton } from 'antd-mobile';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { EmptyInboxIllustration } from '../../../components/illustrations';
import { QueryInfiniteScroll } from '../../../components/query-infinite-scroll';
import { useNavigateSafe } from '../../../lib/navigation';
import { useRelativeTime } from '../../../lib/relative-time';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useNotices } from '../api/get-notices';
import { InteractionNoticeCard, NoticeCard } from './notice-card';

/** A notice's link: a path of the app opens on top; a web address opens in the browser. */
function openLink(link: string, push: (to: string) => void) {
  if (/^https?:\/\//i.test(link)) {
    window.location.assign(link);
    return;
  }
  const path = safeRedirect(link, '');
  if (path) push(path);
}

/** One category's notices, newest first, endless; the first page marks the category read. */
export function NoticeList({ category }: { category: NoticeCategory }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const relative = useRelativeTime();
  const query = useNotices(category);
  const list = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const onOpen = useCallback((notice: Notice) => notice.link && openLink(notice.link, nav.push), [nav]);

  if (query.isPending) {
    return (
      <div className="lx-notices" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="lx-notice lx-card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState
        illustration={<EmptyInboxIllustration />}
        title={t('notices.emptyTitle')}
        text={t(`notices.empty.${category}`)}
      />
    );
  }
  // Interaction rows carry who acted; system and review notices keep their icon card.
  const Card = category === 'interaction' ? InteractionNoticeCard : NoticeCard;
  return (
    <div className="lx-notices" data-testid="notice-list">
      {list.map((notice) => (
        <Card key={notice.id} notice={notice} time={relative(notice.created_at)} onOpen={onOpen} />
      ))}
      <QueryInfiniteScroll query={query} />
    </div>
  );
}
