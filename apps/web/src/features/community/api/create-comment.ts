import type { Comment, CreateCommentBody } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchPost } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import type { ThreadPages } from './comment-cache';

/**
 * POST /api/v1/post/{id}/comment: a top-level comment, or a reply (`reply_to` a comment of the post). A refusal
 * (a 10003 when the author blocked the writer, a too-long text) shows the server's own words as a toast.
 */
export function createComment({
  postId,
  body,
}: {
  postId: number;
  body: CreateCommentBody;
}): Promise<Comment> {
  return request.post<Comment>(`/api/v1/post/${postId}/comment`, { data: body });
}

/** Puts a new comment where it belongs: a thread on top, or a reply at the end of its thread. */
function placeComment(data: ThreadPages | undefined, comment: Comment): ThreadPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (comment.root_id === null) {
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, list: [{ ...comment, replies: [] }, ...first!.list] }, ...rest] };
  }
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      list: page.list.map((thread) =>
        thread.id === comment.root_id && !thread.replies.some((r) => r.id === comment.id)
          ? { ...thread, replies: [...thread.replies, comment], reply_count: thread.reply_count + 1 }
          : thread,
      ),
    })),
  };
}

export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: createComment,
    onSuccess: async (comment) => {
      queryClient.setQueryData<ThreadPages>(queryKeys.posts.comments(postId, token), (data) =>
        placeComment(data, comment),
      );
      // Only a published comment counts; one waiting for review is seen by its author alone.
      if (comment.status === 'published')
        patchPost(queryClient, postId, (post) => ({ comment_count: post.comment_count + 1 }));
      if (comment.root_id !== null)
        await queryClient.invalidateQueries({ queryKey: queryKeys.posts.replies(comment.root_id, token) });
    },
  });
}
