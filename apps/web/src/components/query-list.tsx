import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { pageItems } from '../lib/api/cursor-pages';
import { LoadErrorState } from './load-error-state';
import { QueryInfiniteScroll, type PagedQuery } from './query-infinite-scroll';
import './query-list.css';

/** What the list needs of a TanStack infinite query whose pages each carry a `list`. */
export type PagedListQuery<T> = PagedQuery & {
  data?: { pages: { list: T[] }[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

interface QueryListProps<T> {
  query: PagedListQuery<T>;
  /** Shown when the list loaded and is empty, usually an `EmptyState`. */
  empty: ReactNode;
  /** The wrapper around the rows and the footer. */
  className?: string;
  /** Whether the load error sits in a white card. */
  errorCard?: boolean;
  /** Shown while the first page loads (a skeleton of the rows); a spinner by default. */
  loading?: ReactNode;
  row: (item: T) => ReactNode;
}

/**
 * A paged list: its load error (only when nothing loaded yet, with a retry), a spinner while the first page
 * loads, the empty state, else the rows (each once, see {@link pageItems}) and the footer that loads the next page.
 */
export function QueryList<T>({
  query,
  empty,
  className,
  errorCard = false,
  loading,
  row,
}: QueryListProps<T>) {
  const list = pageItems(query.data?.pages);
  if (query.isError && list.length === 0)
    return <LoadErrorState error={query.error} onRetry={() => void query.refetch()} card={errorCard} />;
  if (query.isPending)
    return (
      loading ?? (
        <div className="lx-query-list__loading" role="status">
          <DotLoading color="primary" />
        </div>
      )
    );
  if (list.length === 0) return <>{empty}</>;
  return (
    <div className={className}>
      {list.map(row)}
      <QueryInfiniteScroll query={query} />
    </div>
  );
}
