import { z } from 'zod';
import { botSummary } from './bots.js';
import { cursorQuery } from './envelope.js';
import { MESSAGE_MAX } from './limits.js';
import { modelBrief } from './models.js';

const modelInfo = modelBrief.extend({
  vip_only: z.boolean(),
  context_window: z.number().int(),
  is_default: z.boolean(),
});
export type ModelInfo = z.infer<typeof modelInfo>;
/** GET /api/v1/model: the models this user may pick. */
export const modelList = z.object({ list: z.array(modelInfo) });
export type ModelList = z.infer<typeof modelList>;

const messageStatus = z.enum(['streaming', 'complete', 'stopped', 'failed']);

/**
 * A passage of the bot's knowledge that a reply used: shown under the reply (tap to read it). Only the document's
 * name and the passage travel, so a published bot's users never reach the documents themselves.
 */
export const citation = z.object({
  /** 1-based, in the order the passages were given to the model ([1], [2] …). */
  index: z.number().int(),
  document: z.string(),
  heading: z.string(),
  passage: z.string(),
  score: z.number(),
});
export type Citation = z.infer<typeof citation>;

export const chatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: messageStatus,
  model: z.string().nullable(),
  chips: z.number().int(),
  rating: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  error: z.string().nullable(),
  citations: z.array(citation),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const conversation = z.object({
  id: z.number().int(),
  title: z.string(),
  bot: botSummary,
  last_message: z.string(),
  message_count: z.number().int(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof conversation>;

export const conversationIdParams = z.object({
  id: z.coerce.number({ error: '对话ID不正确' }).int('对话ID不正确').positive('对话ID不正确'),
});
export const messageIdParams = z.object({
  id: z.coerce.number({ error: '消息ID不正确' }).int('消息ID不正确').positive('消息ID不正确'),
});

/** GET /api/v1/conversation */
export const conversationListQuery = cursorQuery.extend({
  bot_id: z.coerce.number().int().positive('智能体ID不正确').optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

/** POST /api/v1/conversation */
export const createConversationBody = z.object({
  bot_id: z.number({ error: '请选择智能体' }).int().positive('智能体ID不正确'),
});
export type CreateConversationBody = z.input<typeof createConversationBody>;

/** GET /api/v1/conversation/{id}/message: newest first, paged backwards by `cursor`. */
export const messageListQuery = cursorQuery;
export type MessageListQuery = z.input<typeof messageListQuery>;

/** POST /api/v1/conversation/{id}/message: answered with a Server-Sent Events stream. */
export const sendMessageBody = z.object({
  content: z
    .string({ error: '请输入消息内容' })
    .trim()
    .min(1, '请输入消息内容')
    .max(MESSAGE_MAX, `消息最多${MESSAGE_MAX}个字`),
  model_id: z.string().max(64).optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** PUT /api/v1/message/{id}/rating */
export const rateMessageBody = z.object({
  rating: z.union([z.literal(-1), z.literal(0), z.literal(1)], { error: '评价取值应为1、0或-1' }),
});
export type RateMessageBody = z.input<typeof rateMessageBody>;

/** The events of a reply stream, in order: start, delta…, then done or error. */
export const streamStart = z.object({
  conversation_id: z.number().int(),
  user_message: chatMessage.nullable(),
  message_id: z.number().int(),
  model: z.string(),
});
export const streamDelta = z.object({ text: z.string() });
export const streamDone = z.object({
  message: chatMessage,
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() }),
  finish_reason: z.string(),
  chips_charged: z.number().int(),
  balance: z.number().int(),
});
export const streamError = z.object({
  code: z.number().int(),
  msg: z.string(),
  message: chatMessage.nullable(),
});
export type StreamStart = z.infer<typeof streamStart>;
export type StreamDelta = z.infer<typeof streamDelta>;
export type StreamDone = z.infer<typeof streamDone>;
export type StreamError = z.infer<typeof streamError>;
