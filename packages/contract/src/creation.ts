import { z } from 'zod';
import { translationsSchema } from './translations.js';
import { botSummary } from './bots.js';
import { BOT_INTRO_MAX, BOT_NAME_MAX, BOT_PERSONA_MAX, BOT_QUESTIONS_MAX } from './limits.js';
import { citation } from './chat.js';
import { cursorQuery } from './envelope.js';

export const BOT_TAGS_MAX = 5;
export const BOT_TAG_MAX = 10;
export const BOT_GREETING_MAX = 200;
export const BOT_QUESTION_MAX = 40;

/** The editable settings of a bot: the same schema validates the editor form and the route. */
export const botInput = z.object({
  name: z
    .string({ error: '请填写名称' })
    .trim()
    .min(1, '请填写名称')
    .max(BOT_NAME_MAX, `名称最多${BOT_NAME_MAX}个字`),
  avatar: z
    .string({ error: '请设置头像' })
    .trim()
    .max(500, '头像地址过长')
    .regex(/^(\/media\/|https?:\/\/)[^\s<>"']+$/, '头像地址不正确'),
  intro: z.string().trim().max(BOT_INTRO_MAX, `简介最多${BOT_INTRO_MAX}个字`).default(''),
  category: z.string({ error: '请选择分类' }).trim().min(1, '请选择分类').max(32, '分类不正确'),
  tags: z
    .array(z.string().trim().min(1, '标签不能为空').max(BOT_TAG_MAX, `每个标签最多${BOT_TAG_MAX}个字`))
    .max(BOT_TAGS_MAX, `最多${BOT_TAGS_MAX}个标签`)
    .default([]),
  persona: z
    .string({ error: '请填写角色设定' })
    .trim()
    .min(10, '角色设定至少10个字')
    .max(BOT_PERSONA_MAX, `角色设定最多${BOT_PERSONA_MAX}个字`),
  greeting: z.string().trim().max(BOT_GREETING_MAX, `开场白最多${BOT_GREETING_MAX}个字`).default(''),
  questions: z
    .array(
      z
        .string()
        .trim()
        .min(1, '推荐问题不能为空')
        .max(BOT_QUESTION_MAX, `推荐问题最多${BOT_QUESTION_MAX}个字`),
    )
    .max(BOT_QUESTIONS_MAX, `最多${BOT_QUESTIONS_MAX}个推荐问题`)
    .default([]),
  model_id: z.string().max(64).nullable().default(null),
  temperature: z
    .number({ error: '温度应为0到1.5之间的数字' })
    .min(0, '温度不能小于0')
    .max(1.5, '温度不能大于1.5')
    .default(0.7),
  knowledge_base_ids: z.array(z.number().int().positive()).max(5, '最多关联5个知识库').default([]),
  visibility: z.enum(['private', 'public'], { error: '可见范围应为private或public' }).default('private'),
});
export type BotInput = z.input<typeof botInput>;
/** The settings as the server reads them, defaults applied. */
export type BotInputData = z.output<typeof botInput>;

/** POST /api/v1/bot (create), PUT /api/v1/bot/{id} (edit). */
export const createBotBody = botInput;
export const updateBotBody = botInput;

/** PUT /api/v1/bot/{id}/visibility */
export const botVisibilityBody = z.object({ visibility: botInput.shape.visibility.unwrap() });
export type BotVisibilityBody = z.input<typeof botVisibilityBody>;

/** A bot as its creator sees it (GET /api/v1/bot/mine, GET /api/v1/bot/{id}/edit). */
export const myBot = botSummary.extend({
  persona: z.string(),
  greeting: z.string(),
  questions: z.array(z.string()),
  model_id: z.string().nullable(),
  temperature: z.number(),
  knowledge_base_ids: z.array(z.number().int()),
  visibility: z.enum(['private', 'public']),
  /** private: only its creator; published: live in discover. */
  status: z.enum(['draft', 'pending_review', 'published', 'rejected']),
  /** An edit of a published bot waiting for review (the live version keeps serving meanwhile). */
  pending_edit: z.boolean(),
  reject_reason: z.string().nullable(),
  updated_at: z.string(),
});
export type MyBot = z.infer<typeof myBot>;

export const myBotsQuery = cursorQuery;
export type MyBotsQuery = z.input<typeof myBotsQuery>;

/** POST /api/v1/bot/preview: a reply of the editor's unsaved settings, streamed like a chat reply (SSE). */
export const botPreviewBody = z.object({
  bot: botInput,
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(4000, '消息过长') }))
    .min(1, '请输入消息')
    .max(20, '预览对话最多20条消息'),
});
export type BotPreviewBody = z.input<typeof botPreviewBody>;
/** One message of the preview conversation, as the editor sends it back. */
export type PreviewTurn = BotPreviewBody['messages'][number];

/**
 * The events of a preview stream, in order: start, delta… (chat's `streamDelta`), then done or error. A preview
 * writes no messages; it costs the model's chip price like a reply (charged when it completes, or is stopped
 * after it said something).
 */
export const previewStart = z.object({
  model: z.string(),
  /** The knowledge passages in the preview's prompt, numbered as its [n] markers: known before it streams. */
  citations: z.array(citation),
});
export const previewDone = z.object({
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() }),
  finish_reason: z.string(),
  chips_charged: z.number().int(),
  balance: z.number().int(),
  /** The knowledge passages the preview's prompt had, numbered as its [n] markers (empty without any). */
  citations: z.array(citation),
});
export const previewError = z.object({ code: z.number().int(), msg: z.string() });
export type PreviewStart = z.infer<typeof previewStart>;
export type PreviewDone = z.infer<typeof previewDone>;
export type PreviewError = z.infer<typeof previewError>;

/** Operator review (role admin). */
export const reviewQueueItem = myBot.extend({
  creator_id: z.number().int().nullable(),
  submitted_at: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;
export const reviewDecisionBody = z.object({
  decision: z.enum(['approve', 'reject'], { error: '审核结果应为approve或reject' }),
  reason: z.string().trim().max(200, '原因最多200个字').optional(),
});
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;

/** The message centre. */
const noticeCategory = z.enum(['system', 'review', 'interaction'], { error: '消息分类不正确' });
export type NoticeCategory = z.infer<typeof noticeCategory>;

export const notice = z.object({
  id: z.number().int(),
  category: noticeCategory,
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  /**
   * Interaction notices are aggregated per target and kind while unread ("3 人赞了你的帖子"): who, newest
   * first (at most 3), and how many in all. Empty and 0 for other notices.
   */
  actors: z.array(z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string() })),
  actor_count: z.number().int(),
  created_at: z.string(),
});
export type Notice = z.infer<typeof notice>;

/** GET /api/v1/notice?category=&cursor=&limit= (opening a category marks it read). */
export const noticeListQuery = cursorQuery.extend({ category: noticeCategory });
export type NoticeListQuery = z.input<typeof noticeListQuery>;

/** GET /api/v1/notice/unread */
export const unreadCounts = z.object({
  system: z.number().int(),
  review: z.number().int(),
  interaction: z.number().int(),
  total: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** POST /api/v1/admin/notice/broadcast (role admin): stored once, read by everyone. */
export const broadcastBody = z.object({
  title: z.string().trim().min(1, '请填写标题').max(60, '标题最多60个字'),
  body: z.string().trim().min(1, '请填写内容').max(2000, '内容最多2000个字'),
  link: z.string().trim().max(500).optional(),
  /** Title and text in other locales (docs/i18n.md, Data the platform owns). */
  translations: translationsSchema({
    title: { max: 60, label: '标题' },
    body: { max: 2000, label: '内容' },
  }).optional(),
});
