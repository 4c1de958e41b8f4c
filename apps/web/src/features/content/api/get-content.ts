import type { ContentPage, ContentSlug } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/content/{slug}: an operator-editable page in Markdown. */
export function getContent(slug: ContentSlug, signal?: AbortSignal): Promise<ContentPage> {
  return request.get<ContentPage>(`/api/v1/content/${slug}`, { signal });
}

export const contentQueryOptions = (slug: ContentSlug) =>
  queryOptions({
    queryKey: queryKeys.content(slug),
    queryFn: ({ signal }) => getContent(slug, signal),
    // Operators edit these pages in the console: a page opened again shows what it had and asks for the latest.
    staleTime: 0,
  });

export function useContent(slug: ContentSlug) {
  return useQuery(contentQueryOptions(slug));
}
