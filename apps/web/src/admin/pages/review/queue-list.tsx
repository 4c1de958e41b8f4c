import { Button, Card, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the list needs of a queue (`useReviewQueue`). */
type Queue = {
  query: {
    isPending: boolean;
    isError: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  refresh: () => void;
};

/** A queue's cards oldest first, its loading, empty and failed states, and "load more" at the end. */
export function QueueList<T>({
  queue,
  items,
  empty,
  render,
}: {
  queue: Queue;
  items: T[];
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const { query } = queue;
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="review-list">
        {[0, 1].map((i) => (
          <Card key={i}>
            <Skeleton avatar active paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (query.isError && !items.length) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('review.list.loadFailed')}
          extra={<Button onClick={queue.refresh}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }
  if (!items.length && !query.hasNextPage) {
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      </Card>
    );
  }
  return (
    <div className="review-list">
      {items.map(render)}
      {query.hasNextPage ? (
        <div className="review-more">
          <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('review.list.more')}
          </Button>
        </div>
      ) : (
        <div className="review-more" style={{ color: '#8a8f99', fontSize: 12 }}>
          {t('review.list.end')}
        </div>
      )}
    </div>
  );
}
