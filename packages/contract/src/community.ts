import { z } from 'zod';
import { botSummary } from './bots.js';
import { cursorQuery } from './envelope.js';
import {
  COMMENT_CONTENT_MAX,
  countGraphemes,
  POST_CONTENT_MAX,
  POST_IMAGES_MAX,
  POST_STATUSES,
  REPORT_DETAIL_MAX,
  REPORT_REASONS,
  SNIPPET_MESSAGES_MAX,
  SNIPPET_NOTE_MAX,
  SNIPPET_TITLE_MAX,
} from './limits.js';

/* Community and snippets (docs/community.md). */

const TOPIC_NAME_MAX = 20;

/** A text whose length is counted in graphemes; required unless `optional`. */
const graphemeText = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .refine((s) => countGraphemes(s) <= max, `${label}最多${max}个字`);

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`);

export const userBrief = z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string() });
export type UserBrief = z.infer<typeof userBrief>;

/* ---------- Snippets ---------- */

const snippetMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
});

/** The bot a snippet came from, as it is now (null when it was deleted). */
const snippetBot = z.object({ id: z.number().int(), name: z.string(), avatar: z.string() });

/** A snippet: the messages as they were when saved (later edits of the conversation do not change it). */
export const snippet = z.object({
  id: z.number().int(),
  title: z.string(),
  note: z.string(),
  bot: snippetBot.nullable(),
  messages: z.array(snippetMessage),
  message_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Snippet = z.infer<typeof snippet>;

/** POST /api/v1/snippet */
export const createSnippetBody = z.object({
  conversation_id: positiveId('对话ID'),
  message_ids: z
    .array(positiveId('消息ID'), { error: '请选择消息' })
    .min(1, '请至少选择一条消息')
    .max(SNIPPET_MESSAGES_MAX, `一个片段最多${SNIPPET_MESSAGES_MAX}条消息`),
  title: graphemeText('标题', SNIPPET_TITLE_MAX).refine((s) => s.length > 0, '请填写标题'),
  note: graphemeText('备注', SNIPPET_NOTE_MAX).default(''),
});
export type CreateSnippetBody = z.input<typeof createSnippetBody>;

/** PUT /api/v1/snippet/{id}: rename, or change the note. */
export const updateSnippetBody = z
  .object({
    title: graphemeText('标题', SNIPPET_TITLE_MAX)
      .refine((s) => s.length > 0, '请填写标题')
      .optional(),
    note: graphemeText('备注', SNIPPET_NOTE_MAX).optional(),
  })
  .refine((b) => b.title !== undefined || b.note !== undefined, '请填写要修改的内容');
export type UpdateSnippetBody = z.input<typeof updateSnippetBody>;

export const snippetIdParams = z.object({ id: positiveId('片段ID') });

/* ---------- Topics ---------- */

export const topic = z.object({ id: z.number().int(), name: z.string() });
export type Topic = z.infer<typeof topic>;
/** GET /api/v1/topic: the enabled topics in the operators' order. */
export const topicList = z.object({ list: z.array(topic) });
export type TopicList = z.infer<typeof topicList>;

/* ---------- Posts ---------- */

export const postImage = z.object({
  /** `/media/u/...`: append `@w{width}` for a width. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostImage = z.infer<typeof postImage>;

/** The snippet a post carries: a copy made when the post was published (the owner may delete theirs later). */
export const postSnippet = snippet.omit({ id: true, updated_at: true });
export type PostSnippet = z.infer<typeof postSnippet>;

export const post = z.object({
  id: z.number().int(),
  author: userBrief,
  content: z.string(),
  images: z.array(postImage),
  /** The bot card; null when none, or when the bot is no longer public. */
  bot: botSummary.nullable(),
  /** The snippet card (in the feed: at most 3 messages, each cut to 200 characters; in the detail: all). */
  snippet: postSnippet.nullable(),
  topic: topic.nullable(),
  status: z.enum(POST_STATUSES),
  /** Why an operator rejected it (its author only). */
  reject_reason: z.string().nullable(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  favourite_count: z.number().int(),
  liked: z.boolean(),
  favourited: z.boolean(),
  /** The viewer wrote it (may delete it; may delete comments under it). */
  is_mine: z.boolean(),
  created_at: z.string(),
});
export type Post = z.infer<typeof post>;

/** POST /api/v1/post: `images` are the ids of the user's own `post_image` uploads, in order. */
export const createPostBody = z
  .object({
    content: graphemeText('正文', POST_CONTENT_MAX).default(''),
    images: z
      .array(positiveId('图片'), { error: '图片格式不正确' })
      .max(POST_IMAGES_MAX, `最多${POST_IMAGES_MAX}张图片`)
      .refine((ids) => new Set(ids).size === ids.length, '图片不能重复')
      .default([]),
    bot_id: positiveId('智能体ID').optional(),
    snippet_id: positiveId('片段ID').optional(),
    topic_id: positiveId('话题ID').optional(),
  })
  .refine((b) => b.content.length > 0 || b.images.length > 0 || b.snippet_id !== undefined, {
    message: '请填写正文或添加图片',
    path: ['content'],
  })
  .refine((b) => b.bot_id === undefined || b.snippet_id === undefined, {
    message: '智能体卡片和片段只能二选一',
    path: ['snippet_id'],
  });
export type CreatePostBody = z.input<typeof createPostBody>;

/** GET /api/v1/post?tab=recommend|latest&cursor= */
export const postFeedQuery = cursorQuery.extend({
  tab: z.enum(['recommend', 'latest'], { error: '分类应为recommend或latest' }).default('recommend'),
  topic_id: positiveId('话题ID').optional(),
});
export type PostFeedQuery = z.input<typeof postFeedQuery>;

export const postIdParams = z.object({ id: positiveId('帖子ID') });

/** POST|DELETE /api/v1/post/{id}/like */
export const likeData = z.object({ liked: z.boolean(), like_count: z.number().int() });
export type LikeData = z.infer<typeof likeData>;
/** POST|DELETE /api/v1/post/{id}/favourite */
export const postFavouriteData = z.object({ favourited: z.boolean(), favourite_count: z.number().int() });
export type PostFavouriteData = z.infer<typeof postFavouriteData>;

/* ---------- Comments ---------- */

export const comment = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  /** The top-level comment a reply belongs to; null for a top-level comment. */
  root_id: z.number().int().nullable(),
  author: userBrief,
  /** Whom a reply answers (回复 @昵称): set for a reply to a reply. */
  reply_to: userBrief.nullable(),
  /** Empty when deleted (shown as 该评论已删除 while it has replies). */
  content: z.string(),
  status: z.enum(['published', 'pending_review', 'rejected', 'deleted']),
  like_count: z.number().int(),
  liked: z.boolean(),
  reply_count: z.number().int(),
  /** The viewer may delete it: they wrote it, or they wrote the post. */
  can_delete: z.boolean(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof comment>;

/** A top-level comment with its first replies (oldest first); the rest through GET /comment/{id}/reply. */
export const commentThread = comment.extend({ replies: z.array(comment) });
export type CommentThread = z.infer<typeof commentThread>;

/** POST /api/v1/post/{id}/comment: `reply_to` is a comment of the same post (a top-level one or a reply). */
export const createCommentBody = z.object({
  content: graphemeText('评论', COMMENT_CONTENT_MAX).refine((s) => s.length > 0, '请填写评论内容'),
  reply_to: positiveId('回复的评论').optional(),
});
export type CreateCommentBody = z.input<typeof createCommentBody>;

export const commentIdParams = z.object({ id: positiveId('评论ID') });

/* ---------- Reports and blocks ---------- */

/** POST /api/v1/post/{id}/report: one report per user and post (a second is answered as done). */
export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: '请选择举报原因' }),
  detail: graphemeText('补充说明', REPORT_DETAIL_MAX).default(''),
});
export type ReportBody = z.input<typeof reportBody>;

export const userIdParams = z.object({ id: positiveId('用户ID') });
/** POST|DELETE /api/v1/user/{id}/block */
export const blockData = z.object({ blocked: z.boolean() });
export type BlockData = z.infer<typeof blockData>;
/** GET /api/v1/user/block: the users I blocked, newest first. */
export const blockedUser = userBrief.extend({ blocked_at: z.string() });
export type BlockedUser = z.infer<typeof blockedUser>;

/* ---------- Operators (role admin, audited) ---------- */

/** GET /api/v1/admin/review/post, /admin/review/comment: what waits for review, oldest first. */
export const postReviewItem = post.extend({
  /** Why it waits: a listed word (which), or reports past the threshold. */
  flagged_word: z.string().nullable(),
  report_count: z.number().int(),
});
export type PostReviewItem = z.infer<typeof postReviewItem>;
export const commentReviewItem = comment.extend({ flagged_word: z.string().nullable() });
export type CommentReviewItem = z.infer<typeof commentReviewItem>;

/** POST /api/v1/admin/review/post/{id}, /admin/review/comment/{id}: reject needs a reason. */
export const contentDecisionBody = z.object({
  decision: z.enum(['approve', 'reject'], { error: '审核结果应为approve或reject' }),
  reason: z.string().trim().max(200, '原因最多200个字').optional(),
});
export type ContentDecisionBody = z.infer<typeof contentDecisionBody>;

/** GET /api/v1/admin/report?status=open|resolved: reports grouped per post, most reported first. */
export const reportQueueQuery = cursorQuery.extend({
  status: z.enum(['open', 'resolved'], { error: '状态应为open或resolved' }).default('open'),
});
export const reportQueueItem = z.object({
  post: post,
  report_count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  details: z.array(z.string()),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
});
export type ReportQueueItem = z.infer<typeof reportQueueItem>;

/** POST /api/v1/admin/report/{post id}/resolve: `dismiss` keeps (or puts back) the post; `remove` takes it down. */
export const reportResolveBody = z.object({
  action: z.enum(['dismiss', 'remove'], { error: '处理方式应为dismiss或remove' }),
  reason: z.string().trim().max(200, '原因最多200个字').optional(),
});
export type ReportResolveBody = z.infer<typeof reportResolveBody>;

/** DELETE /api/v1/admin/post/{id}, /admin/comment/{id}: an operator takes it down (the author is told why). */
export const adminRemoveBody = z.object({
  reason: z.string().trim().min(1, '请填写原因').max(200, '原因最多200个字'),
});

/** Operators' topics: GET|POST /api/v1/admin/topic, PUT|DELETE /api/v1/admin/topic/{id}. */
export const adminTopic = topic.extend({
  sort: z.number().int(),
  enabled: z.boolean(),
  post_count: z.number().int(),
});
export type AdminTopic = z.infer<typeof adminTopic>;
export const adminTopicList = z.object({ list: z.array(adminTopic) });
export type AdminTopicList = z.infer<typeof adminTopicList>;
export const topicBody = z.object({
  name: z
    .string({ error: '请填写话题名称' })
    .trim()
    .min(1, '请填写话题名称')
    .refine((s) => countGraphemes(s) <= TOPIC_NAME_MAX, `话题名称最多${TOPIC_NAME_MAX}个字`)
    .refine((s) => !/[#\s]/.test(s), '话题名称不能包含#或空格'),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  enabled: z.boolean().default(true),
});
export const topicIdParams = z.object({ id: positiveId('话题ID') });

/* ---------- Interaction notices ---------- */
