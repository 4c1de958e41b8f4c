import type { ChatMessage, Conversation } from '@lingxi/contract';
import { presentBotSummary } from '../bots/bots.service.js';
import type { ConversationWithBot } from './chat.service.js';
import type { MessageRow } from './conversations.repository.js';

export const presentMessage = (m: MessageRow): ChatMessage => ({
  id: m.id,
  conversation_id: m.conversationId,
  role: m.role,
  content: m.content,
  status: m.status,
  model: m.modelId,
  chips: m.chips,
  rating: m.rating as -1 | 0 | 1,
  error: m.error,
  citations: m.citations,
  created_at: m.createdAt.toISOString(),
});

export const presentConversation = ({ conversation: c, bot }: ConversationWithBot): Conversation => ({
  id: c.id,
  title: c.title || bot.name,
  bot: presentBotSummary(bot),
  last_message: c.lastMessage,
  message_count: c.messageCount,
  updated_at: c.updatedAt.toISOString(),
  created_at: c.createdAt.toISOString(),
});
