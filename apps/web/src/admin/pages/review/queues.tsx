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
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <>
      <QueueList
        queue={queue}
        items={queue.items}
        empty={t('review.queues.botsEmpty')}
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
                  bot.live ? t('review.queues.botEditApproved') : t('review.queues.botApproved'),
                )
              }
              onReject={() =>
                ask({ id: bot.id, subject: t('review.queues.botSubject', { name: bot.name }), run: d.reject })
              }
            />
          );
        }}
      />
      {modal(t('review.queues.rejectBot'), t('review.queues.reject'), t('review.queues.rejectedCreator'))}
    </>
  );
}

export function PostsQueue() {
  const queue = useReviewQueue<PostReviewItem>('posts', '/api/v1/admin/review/post', (p) => p.id);
  const { ask, modal } = useReasonAsk('post', queue.decide);
  const { t } = useTranslation();
  return (
    <>
      <QueueList
        queue={queue}
        items={queue.items}
        empty={t('review.queues.postsEmpty')}
        render={(post) => {
          const d = decisionOf(`/api/v1/admin/review/post/${post.id}`);
          return (
            <PostReviewCard
              key={post.id}
              post={post}
              onApprove={() => queue.decide(post.id, d.approve, t('review.queues.postApproved'))}
              onReject={() =>
                ask({ id: post.id, subject: post.content || t('review.queues.noText'), run: d.reject })
              }
            />
          );
        }}
      />
      {modal(t('review.queues.rejectPost'), t('review.queues.reject'), t('review.queues.rejectedAuthor'))}
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
  const { t } = useTranslation();
  return (
    <>
      <QueueList
        queue={queue}
        items={queue.items}
        empty={t('review.queues.commentsEmpty')}
        render={(comment) => {
          const d = decisionOf(`/api/v1/admin/review/comment/${comment.id}`);
          return (
            <CommentReviewCard
              key={comment.id}
              comment={comment}
              onApprove={() => queue.decide(comment.id, d.approve, t('review.queues.commentApproved'))}
              onReject={() => ask({ id: comment.id, subject: comment.content, run: d.reject })}
            />
          );
        }}
      />
      {modal(t('review.queues.rejectComment'), t('review.queues.reject'), t('review.queues.rejectedAuthor'))}
    </>
  );
}

export function ReportsQueue() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const { t } = useTranslation();
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
            { label: t('review.queues.open'), value: 'open' },
            { label: t('review.queues.resolved'), value: 'resolved' },
          ]}
        />
      </div>
      <QueueList
        queue={queue}
        items={queue.items}
        empty={status === 'open' ? t('review.queues.reportsEmpty') : t('review.queues.resolvedEmpty')}
        render={(item) => {
          const id = item.post.id;
          return (
            <ReportCard
              key={id}
              item={item}
              {...(status === 'open'
                ? {
                    onDismiss: () =>
                      queue.decide(id, () => resolve(id, { action: 'dismiss' }), t('review.queues.kept')),
                    onRemove: () =>
                      ask({
                        id,
                        subject: item.post.content || t('review.queues.noText'),
                        run: (reason) => resolve(id, { action: 'remove', reason }),
                      }),
                  }
                : {})}
            />
          );
        }}
      />
      {modal(t('review.queues.removeReported'), t('review.queues.removePost'), t('review.queues.removed'))}
    </>
  );
}
