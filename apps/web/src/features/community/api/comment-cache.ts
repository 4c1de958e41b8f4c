import type { Comment, CommentThread, Page } from '@lingxi/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

export type ThreadPages = InfiniteData<Page<CommentThread>, string | undefined>;
export type ReplyPages = InfiniteData<Page<Comment>, string | undefined>;
type CommentPatch = (comment: Comment) => Partial<Comment>;

function patchOne<T extends Comment>(comment: T, id: number, patch: CommentPatch): T {
  return comment.id === id ? { ...comment, ...patch(comment) } : comment;
}

/** Writes a change of one comment into every comment list and reply list that holds it. */
export function patchComment(queryClient: QueryClient, id: number, patch: CommentPatch): void {
  queryClient.setQueriesData<ThreadPages>({ queryKey: queryKeys.posts.commentLists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map((thread) => ({
              ...patchOne(thread, id, patch),
              replies: thread.replies.map((reply) => patchOne(reply, id, patch)),
            })),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<ReplyPages>({ queryKey: queryKeys.posts.replyLists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map((reply) => patchOne(reply, id, patch)),
          })),
        }
      : data,
  );
}

export const commentLikedPatch =
  (liked: boolean) =>
  (comment: Comment): Partial<Comment> =>
    comment.liked === liked ? {} : { liked, like_count: Math.max(0, comment.like_count + (liked ? 1 : -1)) };
