import type { Page, Post, PostFeedQuery } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
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
  cursorPagesOptions(
    queryKeys.posts.feed(tab, topicId, token),
    (params, signal) => getPostFeed({ tab, topic_id: topicId, ...params }, signal),
    token,
    { needsLogin: false },
  );

export function usePostFeed(tab: FeedTab, topicId: number | undefined) {
  const { token } = useSession();
  return useInfiniteQuery(postFeedQueryOptions(tab, topicId, token));
}
