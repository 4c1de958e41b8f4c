import { MessageOutlined, RobotOutlined } from '@ant-design/icons';
import type { Post, PostSnippet } from '@lingxi/contract';
import { Avatar, Button, Image, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { plainText } from '../../../lib/plain-text';
import { formatTime } from '../../lib/format';
import { BotCell } from '../../ui/bot-cell';
import { useTranslation } from 'react-i18next';

const THUMB = 104;
const SHOWN_MESSAGES = 4;

/** `label`: a key in the console texts. */
const STATUS: Record<Post['status'], { color: string; label: string }> = {
  published: { color: 'green', label: 'review.post.status.published' },
  pending_review: { color: 'orange', label: 'review.post.status.pending_review' },
  rejected: { color: 'red', label: 'review.post.status.rejected' },
  deleted: { color: 'default', label: 'review.post.status.deleted' },
};

export function PostStatusTag({ status }: { status: Post['status'] }) {
  const { t } = useTranslation();
  return <Tag color={STATUS[status].color}>{t(STATUS[status].label)}</Tag>;
}

/** Who wrote something and when, as the app's cards open. */
export function AuthorLine({ author, at }: { author: Post['author']; at: string }) {
  const { t } = useTranslation();
  return (
    <Space size={10}>
      <Avatar src={imageUrl(author.avatar, 32)} size={32}>
        {author.nickname.slice(0, 1)}
      </Avatar>
      <div style={{ lineHeight: 1.35 }}>
        <Link to={`/admin/users/${author.id}`}>
          {author.nickname || t('review.post.userN', { id: author.id })}
        </Link>
        <div style={{ color: '#8a8f99', fontSize: 12 }}>
          ID {author.id} · {formatTime(at)}
        </div>
      </div>
    </Space>
  );
}

/** A snippet card: its title and note, and the saved messages as chat bubbles (the first few, then all). */
function SnippetCard({ snippet }: { snippet: PostSnippet }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const messages = all ? snippet.messages : snippet.messages.slice(0, SHOWN_MESSAGES);
  return (
    <div className="review-snippet">
      <Space size={8} style={{ marginBottom: 8 }}>
        <MessageOutlined />
        <Typography.Text strong>{snippet.title}</Typography.Text>
        {snippet.bot ? <Tag icon={<RobotOutlined />}>{snippet.bot.name}</Tag> : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('review.post.messages', { count: snippet.message_count })}
        </Typography.Text>
      </Space>
      {snippet.note ? <div className="review-snippet-note">{snippet.note}</div> : null}
      {messages.map((m, i) => (
        <div key={i} className={`review-bubble review-bubble-${m.role}`}>
          {m.role === 'assistant' ? plainText(m.content) : m.content}
        </div>
      ))}
      {snippet.messages.length > SHOWN_MESSAGES ? (
        <Button type="link" size="small" onClick={() => setAll(!all)} style={{ padding: 0 }}>
          {all ? t('review.post.collapse') : t('review.post.expandAll', { count: snippet.messages.length })}
        </Button>
      ) : null}
    </div>
  );
}

/** A post as the app shows it: text, images (thumbnails that open a preview), topic, the bot or snippet card. */
export function PostView({ post }: { post: Post }) {
  const { t } = useTranslation();
  return (
    <div className="review-post">
      {post.content ? <div className="review-text">{post.content}</div> : null}
      {post.images.length ? (
        <div style={{ marginTop: 10 }}>
          <Image.PreviewGroup>
            <Space size={8} wrap>
              {post.images.map((img) => (
                <Image
                  key={img.url}
                  width={THUMB}
                  height={THUMB}
                  src={imageUrl(img.url, THUMB)}
                  preview={{ src: imageUrl(img.url, 1080) }}
                  style={{ objectFit: 'cover', borderRadius: 8 }}
                  alt={t('review.post.image')}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        </div>
      ) : null}
      {post.snippet ? <SnippetCard snippet={post.snippet} /> : null}
      {post.bot ? (
        <div className="review-bot-card">
          <BotCell bot={post.bot} size={36} />
        </div>
      ) : null}
      <div style={{ marginTop: 10 }}>
        <Space size={8} wrap>
          {post.topic ? <Tag color="purple">#{post.topic.name}</Tag> : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('review.post.stats', {
              likes: post.like_count,
              comments: post.comment_count,
              favourites: post.favourite_count,
            })}
          </Typography.Text>
        </Space>
      </div>
    </div>
  );
}
