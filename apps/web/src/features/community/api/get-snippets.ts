import type { CursorQuery, Page, Snippet } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/**
 * GET /api/v1/snippet: the user's snippets, newest first; each holds its first messages only
 * (SNIPPET_LIST_PREVIEW), enough for its card.
 */
export function getSnippets(params: CursorQuery, signal?: AbortSignal): Promise<Page<Snippet>> {
  return request.get<Page<Snippet>>('/api/v1/snippet', { params: { limit: 20, ...params }, signal });
}

export const snippetsQueryOptions = (token: string | null) =>
  cursorPagesOptions(queryKeys.snippets.list(token), getSnippets, token);

/** The user's snippets; `enabled` false holds the fetch (a sheet not open yet). */
export function useSnippets(enabled = true) {
  const { token } = useSession();
  const options = snippetsQueryOptions(token);
  return useInfiniteQuery({ ...options, enabled: options.enabled && enabled });
}
