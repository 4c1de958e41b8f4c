import type { BotSummary, Post, Topic } from '@lingxi/contract';
import { Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { memo, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigateSafe } from '../lib/navigation';
import { useRelativeTime } from '../lib/relative-time';
import { BotAvatar } from './bot-avatar';
import { ImageGrid } from './image-grid';
import { PostActions } from './post-actions';
import { SnippetCard } from './snippet-card';
import { UserAvatar } from './user-avatar';
import './post-card.css';

/** Its author, how long ago, and 审核中 / 未通过 when the viewer's own post is not public. */
export function PostAuthorRow({ post, extra }: { post: Post; extra?: ReactNode }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <header className="lx-post-author">
      <UserAvatar src={post.author.avatar} size={38} />
      <span className="lx-post-author__who">
        <span className="lx-post-author__name">{post.author.nickname}</span>
        <span className="lx-post-author__time">{relative(post.created_at)}</span>
      </span>
      {post.is_mine && post.status === 'pending_review' ? (
        <Tag color="warning" fill="outline" round className="lx-post-author__tag">
          {t('community.pending')}
        </Tag>
      ) : null}
      {post.is_mine && post.status === 'rejected' ? (
        <Tag color="danger" fill="outline" round className="lx-post-author__tag">
          {t('community.rejected')}
        </Tag>
      ) : null}
      {extra}
    </header>
  );
}

/** The text; in a feed it stops at six lines with 全文 to open it in place. */
export function PostText({ text, clamp = false }: { text: string; clamp?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const clamped = clamp && !expanded;
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && clamped) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [text, clamped]);
  if (!text) return null;
  return (
    <div className="lx-post-text-wrap">
      <div ref={ref} className={`lx-post-text${clamped ? ' lx-post-text--clamped' : ''}`}>
        {text}
      </div>
      {clamp && (overflows || expanded) ? (
        <button
          type="button"
          className="lx-post-text__more"
          onClick={(event) => {
            event.stopPropagation();
            setExpanded((value) => !value);
          }}
        >
          {expanded ? t('community.collapse') : t('community.fullText')}
        </button>
      ) : null}
    </div>
  );
}

/** The bot a post shows, compact: a tap opens its chat. */
export function PostBotCard({ bot }: { bot: BotSummary }) {
  const nav = useNavigateSafe();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="lx-post-bot"
      onClick={(event) => {
        event.stopPropagation();
        nav.push(`/bot/${bot.id}`);
      }}
      data-testid="post-bot"
    >
      <BotAvatar src={bot.avatar} size={40} />
      <span className="lx-post-bot__body">
        <span className="lx-post-bot__name">{bot.name}</span>
        <span className="lx-post-bot__intro">{bot.intro}</span>
      </span>
      <span className="lx-post-bot__go">
        {t('community.chatWithBot')}
        <RightOutline />
      </span>
    </button>
  );
}

/** #话题: a tap shows the feed of that topic. */
export function TopicChip({ topic, onOpen }: { topic: Topic; onOpen?: (topic: Topic) => void }) {
  const nav = useNavigateSafe();
  return (
    <button
      type="button"
      className="lx-topic-chip"
      onClick={(event) => {
        event.stopPropagation();
        if (onOpen) onOpen(topic);
        else nav.push(`/post?topic=${topic.id}`);
      }}
    >
      #{topic.name}
    </button>
  );
}

interface PostCardProps {
  post: Post;
  /** A tap on its #话题; by default the feed of that topic opens. */
  onTopic?: (topic: Topic) => void;
}

/**
 * A post in a list (the feed, my collection): author, text (six lines, 全文), images, the bot or snippet card, the
 * topic and the actions. The author row is the post's link (what a keyboard or a screen reader follows); a tap
 * anywhere else that is not a button of its own opens the post too.
 */
export const PostCard = memo(function PostCard({ post, onTopic }: PostCardProps) {
  const nav = useNavigateSafe();
  const detail = `/post/detail?id=${post.id}`;
  const open = () => nav.push(detail);
  const onLink = (event: MouseEvent) => {
    event.stopPropagation();
    // A new tab or window stays the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open();
  };
  return (
    <article className="lx-post-card" onClick={open} data-testid="post-card" data-post-id={post.id}>
      <a className="lx-post-card__link" href={detail} onClick={onLink}>
        <PostAuthorRow post={post} />
      </a>
      <PostText text={post.content} clamp />
      <ImageGrid images={post.images} />
      {post.bot ? <PostBotCard bot={post.bot} /> : null}
      {post.snippet ? (
        <div className="lx-post-card__snippet">
          <SnippetCard snippet={post.snippet} onOpen={() => nav.push(`${detail}&view=snippet`)} />
        </div>
      ) : null}
      {post.topic ? (
        <div className="lx-post-card__topic">
          <TopicChip topic={post.topic} onOpen={onTopic} />
        </div>
      ) : null}
      <PostActions post={post} onComment={() => nav.push(`${detail}#comments`)} />
    </article>
  );
});
