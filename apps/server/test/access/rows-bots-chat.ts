import { botForm } from '../bots.js';
import type { Row } from './matrix.js';
import type { World } from './world.js';

const NOT_FOUND = 10004;
const bot = (w: World) => `/api/v1/bot/${w.privateBot.id}`;
const conversation = (w: World) => `/api/v1/conversation/${w.conversation.id}`;

/** The access matrix's rows (docs/access-matrix.md): Bots (private, waiting for review, their edit data and waiting edits, bots taken private), the images and
 * knowledge bases a bot or a profile may use, conversations, messages and ratings. */
export const BOT_AND_CHAT_ROWS: Row[] = [
  {
    route: 'GET /api/v1/bot/{id}',
    attempt: "reads another's private bot",
    path: bot,
    stranger: [10004, '智能体不存在或已下架'],
    anonymous: NOT_FOUND,
  },
  {
    route: 'GET /api/v1/bot/{id}',
    attempt: "reads another's bot waiting for review",
    path: (w) => `/api/v1/bot/${w.pendingBot.id}`,
    stranger: [10004, '智能体不存在或已下架'],
    anonymous: NOT_FOUND,
  },
  {
    route: 'GET /api/v1/bot/{id}/edit',
    attempt: "reads another's bot's edit data",
    path: (w) => `${bot(w)}/edit`,
    stranger: [10004, '智能体不存在或已删除'],
  },
  {
    route: 'GET /api/v1/bot/{id}/edit',
    attempt: "reads another's published bot's edit data (persona)",
    path: (w) => `/api/v1/bot/${w.publicBot.id}/edit`,
    stranger: [10004, '智能体不存在或已删除'],
  },
  {
    route: 'PUT /api/v1/bot/{id}',
    attempt: "edits another's bot",
    path: bot,
    body: () => botForm(),
    stranger: [10004, '智能体不存在或已删除'],
  },
  {
    route: 'PUT /api/v1/bot/{id}/visibility',
    attempt: "publishes another's private bot",
    path: (w) => `${bot(w)}/visibility`,
    body: () => ({ visibility: 'public' }),
    stranger: [10004, '智能体不存在或已删除'],
  },
  {
    route: 'DELETE /api/v1/bot/{id}',
    attempt: "deletes another's bot",
    path: bot,
    stranger: [10004, '智能体不存在或已删除'],
  },
  {
    route: 'POST /api/v1/bot/{id}/favourite',
    attempt: "favourites another's private bot",
    path: (w) => `${bot(w)}/favourite`,
    stranger: [10004, '智能体不存在或已下架'],
  },
  {
    route: 'DELETE /api/v1/bot/{id}/favourite',
    attempt: "unfavourites another's private bot",
    path: (w) => `${bot(w)}/favourite`,
    stranger: [10004, '智能体不存在或已下架'],
  },
  {
    route: 'POST /api/v1/bot',
    attempt: "creates a bot on another's knowledge base",
    path: () => '/api/v1/bot',
    body: (w) => botForm({ knowledge_base_ids: [w.base.id] }),
    stranger: [10001, '知识库不存在'],
  },
  {
    route: 'POST /api/v1/bot',
    attempt: "creates a bot with another's uploaded avatar",
    path: () => '/api/v1/bot',
    body: (w) => botForm({ avatar: w.botAvatar.url }),
    stranger: [10001, '只能使用自己上传的图片'],
  },
  {
    route: 'PUT /api/v1/bot/{id}',
    attempt: "attaches another's knowledge base to their own bot",
    path: (w) => `/api/v1/bot/${w.strangerBot.id}`,
    body: (w) => botForm({ knowledge_base_ids: [w.base.id] }),
    stranger: [10001, '知识库不存在'],
  },
  {
    route: 'POST /api/v1/bot/preview',
    attempt: "previews a bot on another's knowledge base",
    path: () => '/api/v1/bot/preview',
    body: (w) => ({
      bot: botForm({ knowledge_base_ids: [w.base.id] }),
      messages: [{ role: 'user', content: '年假几天？' }],
    }),
    stranger: 'accepted',
  },
  {
    route: 'PUT /api/v1/user',
    attempt: "takes another's uploaded avatar",
    path: () => '/api/v1/user',
    body: (w) => ({ avatar: w.avatar.url }),
    stranger: [10001, '只能使用自己上传的图片'],
  },
  {
    route: 'POST /api/v1/conversation',
    attempt: "starts a chat with another's private bot",
    path: () => '/api/v1/conversation',
    body: (w) => ({ bot_id: w.privateBot.id }),
    stranger: [10004, '智能体不存在或已下架'],
  },
  {
    route: 'GET /api/v1/conversation/{id}',
    attempt: "reads another's conversation",
    path: conversation,
    stranger: [10004, '对话不存在或已删除'],
  },
  {
    route: 'GET /api/v1/conversation/{id}/message',
    attempt: "reads another's messages",
    path: (w) => `${conversation(w)}/message`,
    stranger: [10004, '对话不存在或已删除'],
  },
  {
    route: 'POST /api/v1/conversation/{id}/message',
    attempt: "replies in another's conversation",
    path: (w) => `${conversation(w)}/message`,
    body: () => ({ content: '我也来说一句' }),
    stranger: [10004, '对话不存在或已删除'],
  },
  {
    route: 'POST /api/v1/conversation/{id}/regenerate',
    attempt: "regenerates another's reply",
    path: (w) => `${conversation(w)}/regenerate`,
    body: () => ({}),
    stranger: [10004, '对话不存在或已删除'],
  },
  {
    route: 'DELETE /api/v1/conversation/{id}',
    attempt: "deletes another's conversation",
    path: conversation,
    stranger: [10004, '对话不存在或已删除'],
  },
  {
    route: 'PUT /api/v1/message/{id}/rating',
    attempt: "rates another's message",
    path: (w) => `/api/v1/message/${w.answer.id}/rating`,
    body: () => ({ rating: -1 }),
    stranger: [10004, '消息不存在'],
  },
  {
    route: 'PUT /api/v1/message/{id}/rating',
    attempt: "rates another's question",
    path: (w) => `/api/v1/message/${w.question.id}/rating`,
    body: () => ({ rating: -1 }),
    stranger: [10004, '消息不存在'],
  },
  {
    route: 'POST /api/v1/conversation',
    attempt: "starts a chat with another's bot waiting for review",
    path: () => '/api/v1/conversation',
    body: (w) => ({ bot_id: w.pendingBot.id }),
    stranger: [NOT_FOUND, '智能体不存在或已下架'],
  },
  {
    route: 'GET /api/v1/conversation',
    attempt: "lists conversations of another's private bot",
    path: (w) => `/api/v1/conversation?bot_id=${w.privateBot.id}`,
    stranger: 'accepted',
  },
  {
    route: 'GET /api/v1/bot',
    attempt: "searches the catalogue for another's private bot",
    path: (w) => `/api/v1/bot?keyword=${encodeURIComponent(w.privateBot.name)}`,
    stranger: 'accepted',
    anonymous: 0,
  },
  {
    route: 'GET /api/v1/bot/{id}',
    attempt: 'reads a published bot whose edit waits for review (the live version only)',
    path: (w) => `/api/v1/bot/${w.publicBot.id}`,
    stranger: 'accepted',
    anonymous: 0,
  },
  {
    route: 'GET /api/v1/bot/{id}',
    attempt: 'reads a bot its owner made private',
    path: (w) => `/api/v1/bot/${w.formerBot.id}`,
    stranger: [NOT_FOUND, '智能体不存在或已下架'],
    anonymous: NOT_FOUND,
  },
  {
    route: 'POST /api/v1/conversation/{id}/message',
    attempt: 'goes on chatting with a bot its owner made private',
    path: (w) => `/api/v1/conversation/${w.formerConversation.id}/message`,
    body: () => ({ content: '继续聊' }),
    stranger: [NOT_FOUND, '智能体不存在或已下架'],
  },
  {
    route: 'POST /api/v1/conversation/{id}/regenerate',
    attempt: 'regenerates with a bot its owner made private',
    path: (w) => `/api/v1/conversation/${w.formerConversation.id}/regenerate`,
    body: () => ({}),
    stranger: [NOT_FOUND, '智能体不存在或已下架'],
  },
  {
    route: 'GET /api/v1/conversation/{id}',
    attempt: 'reads their conversation with a bot its owner made private',
    path: (w) => `/api/v1/conversation/${w.formerConversation.id}`,
    stranger: 'accepted',
  },
];
