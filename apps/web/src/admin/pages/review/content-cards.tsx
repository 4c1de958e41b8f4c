import { type AdminCommentReviewItem, type PostReviewItem, type ReportQueueItem } from '@lingxi/contract';
import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../lib/format';
import { AuthorLine, PostStatusTag, PostView } from './post-view';
import { useTranslation } from 'react-i18next';

/** Why a post or comment waits: the listed word that held it, or the reports that hid it. */
function WhyTags({ word, reports }: { word: string | null; reports?: number }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {word ? <Tag color="red">{t('review.cards.sensitiveHit', { word })}</Tag> : null}
      {reports ? <Tag color="volcano">{t('review.cards.reportedTimes', { count: reports })}</Tag> : null}
    </Space>
  );
}

type Decide = { onApprove: () => void; onReject: () => void };

function DecideButtons({ onApprove, onReject }: Decide) {
  const { t } = useTranslation();
  return (
    <div className="review-card-actions">
      <Button danger onClick={onReject}>
        {t('review.cards.reject')}
      </Button>
      <Button type="primary" onClick={onApprove}>
        {t('review.cards.approve')}
      </Button>
    </div>
  );
}

export function PostReviewCard({ post, ...decide }: { post: PostReviewItem } & Decide) {
  const { t } = useTranslation();
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <Space direction="vertical" size={6}>
          <AuthorLine author={post.author} at={post.created_at} />
          <Space size={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('review.cards.postId', { id: post.id })}
            </Typography.Text>
            <WhyTags word={post.flagged_word} reports={post.report_count} />
          </Space>
        </Space>
        <DecideButtons {...decide} />
      </div>
      <PostView post={post} />
    </Card>
  );
}

export function CommentReviewCard({ comment, ...decide }: { comment: AdminCommentReviewItem } & Decide) {
  const { t } = useTranslation();
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <Space direction="vertical" size={6}>
          <AuthorLine author={comment.author} at={comment.created_at} />
          <Space size={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('review.cards.commentId', { id: comment.id })}
            </Typography.Text>
            <WhyTags word={comment.flagged_word} />
          </Space>
        </Space>
        <DecideButtons {...decide} />
      </div>
      <div className="review-text">
        {comment.reply_to ? (
          <Typography.Text type="secondary">
            {t('review.cards.replyTo', { name: comment.reply_to.nickname })}
          </Typography.Text>
        ) : null}
        {comment.content}
      </div>
      {comment.reply_to_content !== null ? (
        <div className="review-quote">
          {t('review.cards.repliedComment', { content: comment.reply_to_content })}
        </div>
      ) : null}
      <div className="review-quote">
        {comment.post ? (
          <>
            {t('review.cards.inPost', { id: comment.post.id })}
            <PostStatusTag status={comment.post.status} />
            <div>{comment.post.excerpt}</div>
          </>
        ) : (
          t('review.cards.postGone')
        )}
      </div>
    </Card>
  );
}

/** A reported post with what its reporters said, and the two ways to resolve it (or, resolved, none). */
export function ReportCard({
  item,
  onDismiss,
  onRemove,
}: {
  item: ReportQueueItem;
  onDismiss?: () => void;
  onRemove?: () => void;
}) {
  const { post } = item;
  const { t } = useTranslation();
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <Space direction="vertical" size={6}>
          <AuthorLine author={post.author} at={post.created_at} />
          <Space size={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('review.cards.postId', { id: post.id })}
            </Typography.Text>
            <PostStatusTag status={post.status} />
            <Tag color="volcano">{t('review.cards.reporters', { count: item.report_count })}</Tag>
            {item.reasons.map((r) => (
              <Tag key={r.reason}>
                {t(`review.cards.reportReasons.${r.reason}`)} × {r.count}
              </Tag>
            ))}
          </Space>
        </Space>
        {onDismiss && onRemove ? (
          <div className="review-card-actions">
            <Popconfirm
              cancelText={t('common.cancel')}
              title={t('review.cards.dismissTitle')}
              description={t('review.cards.dismissBody')}
              okText={t('review.cards.keep')}
              onConfirm={onDismiss}
            >
              <Button>{t('review.cards.keep')}</Button>
            </Popconfirm>
            <Button danger type="primary" onClick={onRemove}>
              {t('review.cards.remove')}
            </Button>
          </div>
        ) : null}
      </div>
      <PostView post={post} />
      <div style={{ marginTop: 12, color: '#8a8f99', fontSize: 12 }}>
        {t('review.cards.reportTimes', {
          first: formatTime(item.first_reported_at),
          last: formatTime(item.last_reported_at),
        })}
      </div>
      {item.details.length ? (
        <div className="review-quote">
          <div style={{ color: '#8a8f99', fontSize: 12, marginBottom: 2 }}>
            {t('review.cards.reporterNotes')}
          </div>
          {item.details.map((d, i) => (
            <div key={i}>“{d}”</div>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
