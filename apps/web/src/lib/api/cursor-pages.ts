import type { CursorQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

interface CursorPagesSettings {
  /** Whether the list is the logged-in user's (nothing loads without a session); public lists say `false`. */
  needsLogin?: boolean;
}

/**
 * The options of a list paged by cursor (docs/architecture.md, "Adding a page"): pages start without a cursor,
 * the next one follows the last page's `next_cursor`. By default the list is the logged-in user's own and nothing
 * loads without a session; a list everyone may read (the feed, a post's comments) says `needsLogin: false`.
 */
export function cursorPagesOptions<T, K extends QueryKey>(
  queryKey: K,
  fetchPage: (params: CursorQuery, signal?: AbortSignal) => Promise<Page<T>>,
  token: string | null,
  { needsLogin = true }: CursorPagesSettings = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.next_cursor ?? undefined,
    enabled: !needsLogin || Boolean(token),
  });
}

/**
 * The pages as one list, each item once (by its `id`): a row that moved between two pages while the user paged
 * (a post climbing the 推荐 rank, a new one in 最新) would otherwise show twice. Items without an id all stay.
 */
export function pageItems<T>(pages: readonly { list: readonly T[] }[] | undefined): T[] {
  const seen = new Set<unknown>();
  const items: T[] = [];
  for (const page of pages ?? [])
    for (const item of page.list) {
      const id = (item as { id?: unknown } | null)?.id;
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      items.push(item);
    }
  return items;
}
