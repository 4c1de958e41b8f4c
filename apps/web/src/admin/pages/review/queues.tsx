import type {
  AdminBotReviewItem,
  AdminCommentReviewItem,
  PostReviewItem,
  ReportQueueItem,
} from '@lingxi/contract';
import { Segmented } from 'antd';
import { useState } from 'react';
import { request } from '../../../lib/request';
import { useAdminCategories } from '../../lib/categories';
import { BotReviewCard } from './bot-review-card';
import { CommentReviewCard, PostReviewCard, ReportCard } from './content-cards';
import { QueueList } from './queue-list';
import { ReasonModal } from './reason-modal';
import type { ReasonKind } from './reasons';
import { useReviewQueue } from './use-review-queue';

/** The item waiting for a reason, and what to do with it. */
type Asking = { id: number; subject: string; run: (reason: string) => Promise<unknown> } | null;

/** The reason modal of one queue: `ask` opens it for an item; the decision runs when the operator confirms. */
function useReasonAsk(
  kind: ReasonKind,
  decide: (id: number, run: () => Promise<unknown>, done: string) => void,
) {
  const [asking, setAsking] = useState<Asking>(null);
  const modal = (title: string, okText: string, done: string) => (
    <ReasonModal
      kind={kind}
      title={title}
      okText={okText}
      subject={asking?.subject}
      open={asking !== null}
      onCancel={() => setAsking(null)}
      onOk={(reason) => {
        const a = asking!;
        setAsking(null);
        decide(a.id, () => a.run(reason), done);
      }}
    />
  );
  return { ask: setAsking, modal };
}

const decisionOf = (url: string) => ({
  approve: () => request.post(url, { data: { decision: 'approve' } }),
  reject: (reason: string) => request.post(url, { data: { decision: 'reject', reason } }),
});

export function BotsQueue() {
  const queue = useReviewQueue<AdminBotReviewItem>('bots', '/api/v1/admin/review/bot', (b) => b.id);
  const categories = useAdminCategories().data?.list;
  const { ask, modal } = useReasonAsk('bot', queue.decide);
  return (
    <>
      <QueueList
        queue={queue}
        items={queue.items}
        empty="没有待审核的智能体"
        render={(bot) => {
          const d = decisionOf(`/api/v1/admin/review/bot/${bot.id}`);
          return (
            <BotReviewCard
              key={bot.id}
              bot={bot}
              categories={categories}
              onApprove={() =>
                queue.decide(
                  bot.id,
                  d.approve,
                  bot.live ? '已通过修改，新版本已上线' : '已通过，智能体已上架',
                )
              }
              onReject={() => ask({ id: bot.id, subject: `智能体「${bot.name}」`, run: d.reject })}
            />
          );
        }}
      />
      {modal('驳回智能体', '驳回', '已驳回，创建者会收到原因')}
    </>
  );
}

export function PostsQueue() {
  const queue = useReviewQueue<PostReviewItem>('posts', '/api/v1/admin/review/post', (p) => p.id);
  const { ask, modal } = useReasonAsk('post', queue.decide);
  return (
    <>
      <QueueList
        queue={queue}
        items={queue.items}
        empty="没有待审核的帖子"
        render={(post) => {
          const d = decisionOf(`/api/v1/admin/review/post/${post.id}`);
          return (
            <PostReviewCard
              key={post.id}
              post={post}
              onApprove={() => queue.decide(post.id, d.approve, '已通过，帖子已发布')}
              onReject={() => ask({ id: post.id, subject: post.content || '（图片或片段）', run: d.reject })}
            />
          );
        }}
      />
      {modal('驳回帖子', '驳回', '已驳回，作者会收到原因')}
    </>
  );
}

export function CommentsQueue() {
  const queue = useReviewQueue<AdminCommentReviewItem>(
    'comments',
    '/api/v1/admin/review/comment',
    (c) => c.id,
  );
  const { ask, modal } = useReasonAsk('comment', queue.decide);
  return (
    <>
      <QueueList
        queue={queue}
        items={queue.items}
        empty="没有待审核的评论"
        render={(comment) => {
          const d = decisionOf(`/api/v1/admin/review/comment/${comment.id}`);
          return (
            <CommentReviewCard
              key={comment.id}
              comment={comment}
              onApprove={() => queue.decide(comment.id, d.approve, '已通过，评论已发布')}
              onReject={() => ask({ id: comment.id, subject: comment.content, run: d.reject })}
            />
          );
        }}
      />
      {modal('驳回评论', '驳回', '已驳回，作者会收到原因')}
    </>
  );
}

export function ReportsQueue() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const queue = useReviewQueue<ReportQueueItem>('reports', '/api/v1/admin/report', (r) => r.post.id, {
    status,
  });
  const { ask, modal } = useReasonAsk('report', queue.decide);
  const resolve = (id: number, body: { action: 'dismiss' | 'remove'; reason?: string }) =>
    request.post(`/api/v1/admin/report/${id}/resolve`, { data: body });
  return (
    <>
      <div className="console-toolbar">
        <Segmented
          value={status}
          onChange={(v) => setStatus(v as 'open' | 'resolved')}
          options={[
            { label: '待处理', value: 'open' },
            { label: '已处理', value: 'resolved' },
          ]}
        />
      </div>
      <QueueList
        queue={queue}
        items={queue.items}
        empty={status === 'open' ? '没有待处理的举报' : '还没有处理过的举报'}
        render={(item) => {
          const id = item.post.id;
          return (
            <ReportCard
              key={id}
              item={item}
              {...(status === 'open'
                ? {
                    onDismiss: () =>
                      queue.decide(
                        id,
                        () => resolve(id, { action: 'dismiss' }),
                        '已保留帖子，举报人会收到通知',
                      ),
                    onRemove: () =>
                      ask({
                        id,
                        subject: item.post.content || '（图片或片段）',
                        run: (reason) => resolve(id, { action: 'remove', reason }),
                      }),
                  }
                : {})}
            />
          );
        }}
      />
      {modal('删除被举报的帖子', '删除帖子', '帖子已删除，作者和举报人会收到通知')}
    </>
  );
}
