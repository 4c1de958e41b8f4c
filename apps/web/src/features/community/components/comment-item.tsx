import type { Comment } from '@lingxi/contract';
import { Tag } from 'antd-mobile';
import { HeartFill, HeartOutline, MoreOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../components/bot-card';
import { UserAvatar } from '../../../components/user-avatar';
import { useRelativeTime } from '../../../lib/relative-time';
import { useLoginGate } from '../../../lib/use-login-gate';
import { useLikeComment } from '../api/like-comment';
import { useLongPress } from '../../../lib/use-long-press';

export interface CommentHandlers {
  /** A tap: answer it (the input bar says 回复 @昵称). */
  onReply: (comment: Comment) => void;
  /** A long press or ···: its menu (复制, 删除 when allowed). */
  onMenu: (comment: Comment) => void;
}

interface CommentItemProps extends CommentHandlers {
  comment: Comment;
  /** The post's author (their comments carry 作者). */
  postAuthorId: number;
  reply?: boolean;
}

/**
 * One comment: who, what (回复 @昵称 for a reply to a reply), when, and its like. A deleted top-level comment that
 * still has replies shows 该评论已删除; the writer's own comment waiting for review shows 审核中.
 */
export function CommentItem({ comment, postAuthorId, reply = false, onReply, onMenu }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const relative = useRelativeTime();
  const gate = useLoginGate();
  const like = useLikeComment();
  const press = useLongPress(() => onMenu(comment), { contextMenu: true });
  const deleted = comment.status === 'deleted';
  const cls = `lx-comment${reply ? ' lx-comment--reply' : ''}`;

  if (deleted)
    return (
      <div className={`${cls} lx-comment--deleted`} data-comment-id={comment.id}>
        <span className="lx-comment__gone">{t('community.commentDeleted')}</span>
      </div>
    );

  return (
    <div className={cls} data-comment-id={comment.id} data-testid="comment">
      <UserAvatar src={comment.author.avatar} size={reply ? 24 : 32} />
      <div className="lx-comment__main">
        <div className="lx-comment__head">
          <span className="lx-comment__name">{comment.author.nickname}</span>
          {comment.author.id === postAuthorId ? (
            <span className="lx-comment__author-tag">{t('community.authorTag')}</span>
          ) : null}
          {comment.status === 'pending_review' ? (
            <Tag color="warning" fill="outline" round className="lx-comment__pending">
              {t('community.pending')}
            </Tag>
          ) : null}
        </div>
        <button type="button" className="lx-comment__text" onClick={() => onReply(comment)} {...press}>
          {comment.reply_to ? (
            <span className="lx-comment__reply-to">
              {t('community.replyTo')} <b>@{comment.reply_to.nickname}</b>
              {t('community.replyColon')}
            </span>
          ) : null}
          {comment.content}
        </button>
        <div className="lx-comment__meta">
          <span>{relative(comment.created_at)}</span>
          <button type="button" className="lx-comment__reply" onClick={() => onReply(comment)}>
            {t('community.reply')}
          </button>
          {/* On every comment, so its menu never needs the long press: 回复 and 复制, 删除 where allowed. */}
          <button
            type="button"
            className="lx-comment__more"
            aria-label={t('community.commentMenu')}
            onClick={() => onMenu(comment)}
          >
            <MoreOutline />
          </button>
        </div>
      </div>
      <button
        type="button"
        className={`lx-comment__like${comment.liked ? ' lx-comment__like--on' : ''}`}
        aria-label={t(comment.liked ? 'community.unlike' : 'community.like')}
        aria-pressed={comment.liked}
        disabled={like.isPending}
        onClick={() => gate(() => like.mutate({ commentId: comment.id, like: !comment.liked }))}
      >
        {comment.liked ? <HeartFill /> : <HeartOutline />}
        {comment.like_count > 0 ? <span>{formatCount(comment.like_count, i18n.language)}</span> : null}
      </button>
    </div>
  );
}
