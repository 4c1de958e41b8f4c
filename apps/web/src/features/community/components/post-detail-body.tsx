import type { Post } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../components/bot-card';
import { ImageGrid } from '../../../components/image-grid';
import { PostAuthorRow, PostBotCard, PostText, TopicChip } from '../../../components/post-card';
import { SnippetCard } from '../../../components/snippet-card';
import { useFormat } from '../../../lib/format';

/** The post in full on its page: the whole text, larger images, its card and topic, when and how liked. */
export function PostDetailBody({ post, onOpenSnippet }: { post: Post; onOpenSnippet: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <article className="lx-post-detail__post" data-testid="post-detail">
      <PostAuthorRow post={post} />
      {post.is_mine && post.status === 'rejected' && post.reject_reason ? (
        <div className="lx-post-detail__notice lx-post-detail__notice--danger">
          {t('community.rejectedBecause', { reason: post.reject_reason })}
        </div>
      ) : null}
      {post.is_mine && post.status === 'pending_review' ? (
        <div className="lx-post-detail__notice">{t('community.pendingNotice')}</div>
      ) : null}
      <PostText text={post.content} />
      <ImageGrid images={post.images} large />
      {post.bot ? <PostBotCard bot={post.bot} /> : null}
      {post.snippet ? (
        <div className="lx-post-detail__snippet">
          <SnippetCard snippet={post.snippet} onOpen={onOpenSnippet} />
        </div>
      ) : null}
      {post.topic ? (
        <div className="lx-post-detail__topic">
          <TopicChip topic={post.topic} />
        </div>
      ) : null}
      <div className="lx-post-detail__stats">
        <time dateTime={post.created_at}>{format.dateTime(post.created_at)}</time>
        <span>
          {t('community.stats', {
            likes: t('community.likeCount', { count: post.like_count, formatted: count(post.like_count) }),
            favourites: t('community.saveCount', {
              count: post.favourite_count,
              formatted: count(post.favourite_count),
            }),
          })}
        </span>
      </div>
    </article>
  );
}
