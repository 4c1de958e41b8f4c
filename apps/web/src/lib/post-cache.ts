import type { Page, Post } from '@lingxi/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/*
 * One post sits in several caches at once (the feeds, its detail, the favourites list): a like, a favourite or a
 * deletion is written into every copy, so each list shows it at once without fetching again
 * (docs/community.md, Pages).
 */

export type PostPages = InfiniteData<Page<Post>, string | undefined>;
type PostPatch = Partial<Post> | ((post: Post) => Partial<Post>);

const applyPatch = (post: Post, patch: PostPatch): Post => ({
  ...post,
  ...(typeof patch === 'function' ? patch(post) : patch),
});

function mapPostPages(data: PostPages | undefined, map: (list: Post[]) => Post[]): PostPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, list: map(page.list) })) };
}

export function patchPost(queryClient: QueryClient, id: number, patch: PostPatch): void {
  const onList = (data: PostPages | undefined) =>
    mapPostPages(data, (list) => list.map((post) => (post.id === id ? applyPatch(post, patch) : post)));
  queryClient.setQueriesData<PostPages>({ queryKey: queryKeys.posts.feeds }, onList);
  queryClient.setQueriesData<PostPages>({ queryKey: queryKeys.posts.favouriteLists }, onList);
  queryClient.setQueriesData<Post>({ queryKey: queryKeys.posts.details }, (post) =>
    post && post.id === id ? applyPatch(post, patch) : post,
  );
}

function dropFromLists(queryClient: QueryClient, gone: (post: Post) => boolean): void {
  const onList = (data: PostPages | undefined) => mapPostPages(data, (list) => list.filter((p) => !gone(p)));
  queryClient.setQueriesData<PostPages>({ queryKey: queryKeys.posts.feeds }, onList);
  queryClient.setQueriesData<PostPages>({ queryKey: queryKeys.posts.favouriteLists }, onList);
}

/** Takes a post out of every list (the feeds, the favourites) at once: it was deleted. */
export function dropPost(queryClient: QueryClient, id: number): void {
  dropFromLists(queryClient, (post) => post.id === id);
}

/** Takes all of one author's posts out of every list at once: the viewer blocked them. */
export function dropAuthor(queryClient: QueryClient, userId: number): void {
  dropFromLists(queryClient, (post) => post.author.id === userId);
}

/** The post as liked or not, its count moved by one only when the state really changes. */
export const likedPatch =
  (liked: boolean) =>
  (post: Post): Partial<Post> =>
    post.liked === liked ? {} : { liked, like_count: Math.max(0, post.like_count + (liked ? 1 : -1)) };

export const favouritedPatch =
  (favourited: boolean) =>
  (post: Post): Partial<Post> =>
    post.favourited === favourited
      ? {}
      : { favourited, favourite_count: Math.max(0, post.favourite_count + (favourited ? 1 : -1)) };
