import type { Post } from '@lingxi/contract';
import { HeartFill, HeartOutline, MessageOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavouritePost } from '../lib/api/favourite-post';
import { useLikePost } from '../lib/api/like-post';
import { useLoginGate } from '../lib/use-login-gate';
import { formatCount } from './bot-card';
import './post-actions.css';

interface ActionProps {
  label: string;
  icon: ReactNode;
  count: number;
  /** Shown instead of 0 (赞, 评论, 收藏). */
  word: string;
  active?: 'like' | 'favourite';
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function Action({ label, icon, count, word, active, pressed, disabled, onClick }: ActionProps) {
  const { i18n } = useTranslation();
  return (
    <button
      type="button"
      className={`lx-post-actions__item${active ? ` lx-post-actions__item--${active}` : ''}`}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <span className="lx-post-actions__icon">{icon}</span>
      <span className="lx-post-actions__count">{count > 0 ? formatCount(count, i18n.language) : word}</span>
    </button>
  );
}

interface PostActionsProps {
  post: Post;
  onComment: () => void;
  /** In a card's footer (spread out) or in the detail's bottom bar (tight, at the right). */
  compact?: boolean;
}

/**
 * Like, comment and favourite of a post. A like or a favourite shows at once and is put back when the server
 * refuses it; logged out, they go to login first. The author's own post while it is not published (审核中,
 * 未通过) takes neither (the server refuses them): the row is shown dimmed and they do nothing.
 */
export function PostActions({ post, onComment, compact = false }: PostActionsProps) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const like = useLikePost();
  const favourite = useFavouritePost();
  const open = post.status === 'published';
  return (
    <div
      className={`lx-post-actions${compact ? ' lx-post-actions--compact' : ''}${open ? '' : ' lx-post-actions--off'}`}
    >
      <Action
        label={t(post.liked ? 'community.unlike' : 'community.like')}
        pressed={post.liked}
        active={post.liked ? 'like' : undefined}
        icon={post.liked ? <HeartFill /> : <HeartOutline />}
        count={post.like_count}
        word={t('community.likeWord')}
        disabled={!open || like.isPending}
        onClick={() => gate(() => like.mutate({ postId: post.id, like: !post.liked }))}
      />
      <Action
        label={t('community.comment')}
        icon={<MessageOutline />}
        count={post.comment_count}
        word={t('community.commentWord')}
        onClick={onComment}
      />
      <Action
        label={t(post.favourited ? 'community.unfavourite' : 'community.favourite')}
        pressed={post.favourited}
        active={post.favourited ? 'favourite' : undefined}
        icon={post.favourited ? <StarFill /> : <StarOutline />}
        count={post.favourite_count}
        word={t('community.favouriteWord')}
        disabled={!open || favourite.isPending}
        onClick={() => gate(() => favourite.mutate({ postId: post.id, favourite: !post.favourited }))}
      />
    </div>
  );
}
