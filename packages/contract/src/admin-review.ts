import { z } from 'zod';
import { commentReviewItem } from './community.js';
import { reviewQueueItem } from './creation.js';

/* The review desk of the operator console (docs/admin.md, Review). */

/** GET /api/v1/admin/review/counts: what waits in each queue (the tabs' badges). */
export const reviewCounts = z.object({
  bots: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  /** Posts with open reports (the report queue's groups), not single reports. */
  reports: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCounts>;

/** The version of a published bot that serves users while an edit of it waits for review. */
export const botLiveVersion = z.object({
  name: z.string(),
  avatar: z.string(),
  intro: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  persona: z.string(),
  greeting: z.string(),
  questions: z.array(z.string()),
  model_id: z.string().nullable(),
  temperature: z.number(),
});
export type BotLiveVersion = z.infer<typeof botLiveVersion>;

/**
 * GET /api/v1/admin/review/bot: a bot waiting for review, as submitted (the pending edit's settings for an edit),
 * with the live version beside it when it is an edit of a published bot.
 */
export const adminBotReviewItem = reviewQueueItem.extend({ live: botLiveVersion.nullable() });
export type AdminBotReviewItem = z.infer<typeof adminBotReviewItem>;

/** GET /api/v1/admin/review/comment: a comment with what it answers, so it can be judged in its place. */
export const adminCommentReviewItem = commentReviewItem.extend({
  /** The post it is under (null when the post is gone). */
  post: z
    .object({
      id: z.number().int(),
      excerpt: z.string(),
      status: z.enum(['published', 'pending_review', 'rejected', 'deleted']),
    })
    .nullable(),
  /** The words of the comment it replies to (null for a top-level comment, or when that one is gone). */
  reply_to_content: z.string().nullable(),
});
export type AdminCommentReviewItem = z.infer<typeof adminCommentReviewItem>;
