import type { AdminCommentReviewItem, Comment, CommentReviewItem, CommentThread } from '@lingxi/contract';
import { presentUserBrief } from './community.presenter.js';
import type { CommentsService, CommentThreadView, CommentView } from './comments.service.js';

type CommentReviewView = Awaited<ReturnType<CommentsService['reviewQueue']>>['rows'][number];

/** A comment as a viewer reads it: a deleted one keeps its place (该评论已删除) but not its words. */
export function presentComment(v: CommentView): Comment {
  const r = v.row;
  return {
    id: r.id,
    post_id: r.postId,
    root_id: r.rootId,
    author: presentUserBrief(v.author),
    reply_to: v.replyTo ? presentUserBrief(v.replyTo) : null,
    content: r.status === 'deleted' ? '' : r.content,
    status: r.status,
    like_count: r.likeCount,
    liked: v.liked,
    reply_count: r.replyCount,
    can_delete: v.canDelete,
    created_at: r.createdAt.toISOString(),
  };
}

export const presentCommentThread = (v: CommentThreadView): CommentThread => ({
  ...presentComment(v),
  replies: v.replies.map(presentComment),
});

/** What an operator reviews or removed: the words as written, and the listed word that held it. */
export const presentCommentReviewItem = (v: CommentView): CommentReviewItem => ({
  ...presentComment(v),
  content: v.row.content,
  flagged_word: v.row.flaggedWord,
});

/** A queued comment for the console, in its place: the post it is under and the words it answers. */
export const presentAdminCommentReviewItem = (v: CommentReviewView): AdminCommentReviewItem => ({
  ...presentCommentReviewItem(v),
  post: v.post,
  reply_to_content: v.replyToContent,
});
