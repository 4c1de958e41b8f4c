import type { CursorQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The options of a list paged by cursor (docs/architecture.md, "Adding a page"): pages start without a cursor,
 * the next one follows the last page's `next_cursor`, and nothing loads without a session, since the list is
 * the logged-in user's.
 */
export function cursorPagesOptions<T, K extends QueryKey>(
  queryKey: K,
  fetchPage: (params: CursorQuery, signal?: AbortSignal) => Promise<Page<T>>,
  token: string | null,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });
}
