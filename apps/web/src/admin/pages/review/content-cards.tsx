import {
  REPORT_REASON_LABELS,
  type AdminCommentReviewItem,
  type PostReviewItem,
  type ReportQueueItem,
} from '@lingxi/contract';
import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../lib/format';
import { AuthorLine, PostStatusTag, PostView } from './post-view';

/** Why a post or comment waits: the listed word that held it, or the reports that hid it. */
function WhyTags({ word, reports }: { word: string | null; reports?: number }) {
  return (
    <Space size={4} wrap>
      {word ? <Tag color="red">命中敏感词：{word}</Tag> : null}
      {reports ? <Tag color="volcano">被举报 {reports} 次</Tag> : null}
    </Space>
  );
}

type Decide = { onApprove: () => void; onReject: () => void };

function DecideButtons({ onApprove, onReject }: Decide) {
  return (
    <div className="review-card-actions">
      <Button danger onClick={onReject}>
        驳回
      </Button>
      <Button type="primary" onClick={onApprove}>
        通过
      </Button>
    </div>
  );
}

export function PostReviewCard({ post, ...decide }: { post: PostReviewItem } & Decide) {
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <Space direction="vertical" size={6}>
          <AuthorLine author={post.author} at={post.created_at} />
          <Space size={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              帖子 ID {post.id}
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
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <Space direction="vertical" size={6}>
          <AuthorLine author={comment.author} at={comment.created_at} />
          <Space size={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              评论 ID {comment.id}
            </Typography.Text>
            <WhyTags word={comment.flagged_word} />
          </Space>
        </Space>
        <DecideButtons {...decide} />
      </div>
      <div className="review-text">
        {comment.reply_to ? (
          <Typography.Text type="secondary">回复 @{comment.reply_to.nickname}：</Typography.Text>
        ) : null}
        {comment.content}
      </div>
      {comment.reply_to_content !== null ? (
        <div className="review-quote">被回复的评论：{comment.reply_to_content}</div>
      ) : null}
      <div className="review-quote">
        {comment.post ? (
          <>
            所在帖子（ID {comment.post.id}）
            <PostStatusTag status={comment.post.status} />
            <div>{comment.post.excerpt}</div>
          </>
        ) : (
          '所在帖子已不存在'
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
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <Space direction="vertical" size={6}>
          <AuthorLine author={post.author} at={post.created_at} />
          <Space size={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              帖子 ID {post.id}
            </Typography.Text>
            <PostStatusTag status={post.status} />
            <Tag color="volcano">{item.report_count} 人举报</Tag>
            {item.reasons.map((r) => (
              <Tag key={r.reason}>
                {REPORT_REASON_LABELS[r.reason]} × {r.count}
              </Tag>
            ))}
          </Space>
        </Space>
        {onDismiss && onRemove ? (
          <div className="review-card-actions">
            <Popconfirm
              cancelText="取消"
              title="驳回举报，保留帖子？"
              description="举报人会收到「暂未发现违规」的通知；被举报隐藏的帖子会恢复展示。"
              okText="保留帖子"
              onConfirm={onDismiss}
            >
              <Button>保留帖子</Button>
            </Popconfirm>
            <Button danger type="primary" onClick={onRemove}>
              删除帖子
            </Button>
          </div>
        ) : null}
      </div>
      <PostView post={post} />
      <div style={{ marginTop: 12, color: '#8a8f99', fontSize: 12 }}>
        首次举报 {formatTime(item.first_reported_at)} · 最近举报 {formatTime(item.last_reported_at)}
      </div>
      {item.details.length ? (
        <div className="review-quote">
          <div style={{ color: '#8a8f99', fontSize: 12, marginBottom: 2 }}>举报人的补充说明</div>
          {item.details.map((d, i) => (
            <div key={i}>“{d}”</div>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
