import type { Comment, Post } from '@lingxi/contract';
import { ActionSheet } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { QueryList } from '../../../components/query-list';
import { pageItems } from '../../../lib/api/cursor-pages';
import { copyWithToast } from '../../../lib/clipboard';
import { confirmDangerThen } from '../../../lib/confirm-danger';
import { useComments } from '../api/get-comments';
import { useDeleteComment } from '../api/delete-comment';
import { CommentThreadView } from './comment-thread';
import './comments.css';

/** How long a thread opened from a message stays highlighted. */
const HIGHLIGHT_MS = 2400;
const HIGHLIGHT_CLASS = 'lx-thread--highlight';
/** Pages fetched while looking for that thread before giving up. */
const SEEK_PAGES = 5;

interface CommentSectionProps {
  post: Post;
  /** `?comment=` (a message about it): scrolled to and briefly highlighted. */
  focusId: number | null;
  onReply: (comment: Comment) => void;
}

/** The comments under a post: threads newest first, their menus, and the thread a message points at. */
export function CommentSection({ post, focusId, onReply }: CommentSectionProps) {
  const { t } = useTranslation();
  const comments = useComments(post.id, post.status !== 'deleted');
  const remove = useDeleteComment(post.id);
  const [menuFor, setMenuFor] = useState<Comment | null>(null);
  const sought = useRef({ id: null as number | null, pages: 0, done: false });
  const threads = useMemo(() => pageItems(comments.data?.pages), [comments.data]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;
  useEffect(() => {
    const seek = sought.current;
    if (focusId === null || !comments.data || (seek.id === focusId && seek.done)) return;
    if (seek.id !== focusId) Object.assign(seek, { id: focusId, pages: 0, done: false });
    if (threads.some((thread) => thread.id === focusId)) {
      seek.done = true;
      const el = document.getElementById(`comment-${focusId}`);
      el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      el?.classList.add(HIGHLIGHT_CLASS);
      setTimeout(() => el?.classList.remove(HIGHLIGHT_CLASS), HIGHLIGHT_MS);
      return;
    }
    if (hasNextPage && !isFetchingNextPage && seek.pages < SEEK_PAGES) {
      seek.pages += 1;
      void fetchNextPage();
    }
  }, [focusId, threads, comments.data, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const deleteComment = (comment: Comment) =>
    void confirmDangerThen(
      {
        content: t('community.deleteCommentConfirm'),
        confirmText: t('community.delete'),
        done: t('community.deleted'),
      },
      () => remove.mutateAsync(comment.id),
    );

  return (
    <section className="lx-comments" id="comments" aria-label={t('community.comments')}>
      <h2 className="lx-comments__title">
        {post.comment_count > 0
          ? t('community.commentsTitle', { n: post.comment_count })
          : t('community.comments')}
      </h2>
      <QueryList
        query={comments}
        empty={
          <EmptyState
            card={false}
            title={t('community.noComments')}
            text={t(
              post.status === 'published' ? 'community.noCommentsText' : 'community.commentAfterReview',
            )}
          />
        }
        row={(thread) => (
          <CommentThreadView
            key={thread.id}
            thread={thread}
            postAuthorId={post.author.id}
            onReply={onReply}
            onMenu={setMenuFor}
          />
        )}
      />
      <ActionSheet
        visible={menuFor !== null}
        onClose={() => setMenuFor(null)}
        cancelText={t('common.cancel')}
        onAction={() => setMenuFor(null)}
        actions={
          menuFor
            ? [
                { key: 'reply', text: t('community.reply'), onClick: () => onReply(menuFor) },
                {
                  key: 'copy',
                  text: t('common.copy'),
                  onClick: () => void copyWithToast(menuFor.content, t('common.copied')),
                },
                ...(menuFor.can_delete
                  ? [
                      {
                        key: 'delete',
                        text: t('community.delete'),
                        danger: true,
                        onClick: () => deleteComment(menuFor),
                      },
                    ]
                  : []),
              ]
            : []
        }
      />
    </section>
  );
}
