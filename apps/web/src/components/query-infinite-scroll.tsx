import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './query-infinite-scroll.css';

/** What the footer needs of a TanStack infinite query. */
export type PagedQuery = {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isFetchNextPageError: boolean; error: unknown }>;
};

/** The footer of a paged list: loads the next page near the bottom, says when there is no more, offers a retry. */
export function QueryInfiniteScroll({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      loadMore={async () => {
        const result = await query.fetchNextPage();
        if (result.isFetchNextPageError) throw result.error;
      }}
      hasMore={query.hasNextPage}
    >
      {(more, failed, retry) =>
        failed ? (
          <button type="button" className="lx-list-end lx-list-end--retry" onClick={() => void retry()}>
            {t('list.retry')}
          </button>
        ) : (
          <span className="lx-list-end">{more ? t('common.loading') : t('list.noMore')}</span>
        )
      }
    </InfiniteScroll>
  );
}
