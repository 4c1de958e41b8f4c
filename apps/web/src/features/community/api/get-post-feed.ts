import type { Page, Post, PostFeedQuery } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

export type FeedTab = NonNullable<PostFeedQuery['tab']>;
export const FEED_PAGE_SIZE = 20;

/**
 * GET /api/v1/post?tab=recommend|latest&topic_id=&cursor=: the feed, readable logged out. A failure shows no
 * toast: the page says what happened where its retry is.
 */
export function getPostFeed(query: PostFeedQuery, signal?: AbortSignal): Promise<Page<Post>> {
  return request.get<Page<Post>>('/api/v1/post', {
    params: { limit: FEED_PAGE_SIZE, ...query },
    signal,
    hideErrorToast: true,
  });
}

export const postFeedQueryOptions = (tab: FeedTab, topicId: number | undefined, token: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.feed(tab, topicId, token),
    queryFn: ({ pageParam, signal }) => getPostFeed({ tab, topic_id: topicId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function usePostFeed(tab: FeedTab, topicId: number | undefined) {
  const { token } = useSession();
  return useInfiniteQuery(postFeedQueryOptions(tab, topicId, token));
}

/**
 * The pages as one list, each post once: a post that moved up the 推荐 rank between two pages (or arrived in 最新
 * while paging) would otherwise show twice.
 */
export function uniquePosts(pages: readonly Page<Post>[] | undefined): Post[] {
  const seen = new Set<number>();
  const list: Post[] = [];
  for (const page of pages ?? [])
    for (const post of page.list)
      if (!seen.has(post.id)) {
        seen.add(post.id);
        list.push(post);
      }
  return list;
}
