import type { AdminTopic, Post, PostReviewItem, ReportQueueItem, Topic } from '@lingxi/contract';
import { presentPost } from './community.presenter.js';
import type { ReportGroupView } from './moderation.service.js';
import type { PostView } from './posts.service.js';
import type { AdminTopicRow, TopicRow } from './topics.service.js';

/** A post as operators see it: the rejection reason shows whoever wrote the post. */
export const presentPostForOperators = (v: PostView): Post => ({
  ...presentPost(v),
  reject_reason: v.row.rejectReason,
});

export const presentPostReviewItem = (v: PostView): PostReviewItem => ({
  ...presentPostForOperators(v),
  flagged_word: v.row.flaggedWord,
  report_count: v.row.reportCount,
});

export const presentReportQueueItem = (v: ReportGroupView): ReportQueueItem => ({
  post: presentPostForOperators(v.post),
  report_count: v.group.count,
  reasons: v.reasons,
  details: v.details,
  first_reported_at: v.group.firstAt.toISOString(),
  last_reported_at: v.group.lastAt.toISOString(),
});

export const presentTopic = (t: TopicRow): Topic => ({ id: t.id, name: t.name });

export const presentAdminTopic = (t: AdminTopicRow): AdminTopic => ({
  id: t.id,
  name: t.name,
  sort: t.sort,
  enabled: t.enabled,
  post_count: t.postCount,
});
