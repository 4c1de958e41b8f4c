import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { decodeCursor, decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage, pageOf } from '../../platform/http/page.js';
import type { BotsService, BotWithCreator } from '../bots/bots.service.js';
import { type ConversationRow, conversationsRepository as repo } from './conversations.repository.js';

/** A conversation with its bot, as the user's history shows it. */
export type ConversationWithBot = { conversation: ConversationRow; bot: BotWithCreator };

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((x) => Number.isSafeInteger(x));

/** Conversations and their messages; the replies themselves are the ReplyService's. */
export class ChatService {
  constructor(
    private readonly ctx: AppContext,
    private readonly bots: BotsService,
  ) {}

  async bootstrap() {
    await repo.failStaleStreaming(this.ctx.db, new Date(this.ctx.clock.now().getTime() - 10 * 60_000));
  }

  /** A new topic with a bot; the bot's user count grows on a user's first conversation with it. */
  async create(userId: number, botId: number): Promise<ConversationWithBot> {
    const bot = await this.bots.visible(botId, userId);
    const now = this.ctx.clock.now();
    const conversation = await this.ctx.db.transaction(async (tx) => {
      const firstTime = !(await repo.hasTalkedTo(tx, userId, botId));
      const c = await repo.insertConversation(tx, { userId, botId, createdAt: now, updatedAt: now });
      if (firstTime) await this.bots.countUser(tx, botId);
      return c;
    });
    return { conversation, bot };
  }

  /**
   * Chips spent in [from, to) on each published users' bot by anyone but its creator, with the creator
   * (creator earnings, docs/money.md). Bots nobody else spent on are left out.
   */
  async chipsSpentByBot(from: Date, to: Date) {
    return repo.chipsSpentByBot(this.ctx.db, from, to, await this.bots.publishedCreators());
  }

  /** Conversations started and replies completed per China day in [from, to) (the console's dashboard). */
  async dailyCounts(from: Date, to: Date) {
    const conversations = await repo.dailyConversations(this.ctx.db, from, to);
    const replies = await repo.dailyReplies(this.ctx.db, from, to);
    return { conversations, replies };
  }

  async list(userId: number, q: { botId?: number; cursor?: string; limit: number }) {
    const rows = await repo.list(this.ctx.db, userId, {
      botId: q.botId,
      before: decodeCursor(q.cursor, isPair),
      limit: q.limit,
    });
    const { nextCursor } = pageOf(rows, q.limit, (c) => [c.updatedAt.getTime(), c.id]);
    const bots = await this.bots.inHistoryOfMany(
      userId,
      rows.map((r) => r.botId),
    );
    const withBots = rows.flatMap((conversation) => {
      const bot = bots.get(conversation.botId);
      return bot ? [{ conversation, bot }] : [];
    });
    return { rows: withBots, nextCursor };
  }

  async owned(userId: number, conversationId: number) {
    const c = await repo.conversationOf(this.ctx.db, userId, conversationId);
    if (!c) throw AppError.notFound('对话不存在或已删除');
    return c;
  }

  async detail(userId: number, conversationId: number): Promise<ConversationWithBot> {
    const conversation = await this.owned(userId, conversationId);
    const bot = await this.bots.inHistoryOf(userId, conversation.botId);
    if (!bot) throw AppError.notFound('智能体不存在或已下架');
    return { conversation, bot };
  }

  async messages(userId: number, conversationId: number, cursor: string | undefined, limit: number) {
    await this.owned(userId, conversationId);
    return idPage(await repo.messages(this.ctx.db, conversationId, decodeIdCursor(cursor), limit), limit);
  }

  /**
   * The messages a user saves as a snippet (docs/community.md, Snippets): of their own conversation, in its
   * order, with its bot. Ids the conversation does not hold are left out (the caller tells the user).
   */
  async messagesForSnippet(userId: number, conversationId: number, messageIds: number[]) {
    const conversation = await this.owned(userId, conversationId);
    const messages = await repo.messagesByIds(this.ctx.db, conversation.id, [...new Set(messageIds)]);
    return { botId: conversation.botId, messages };
  }

  async remove(userId: number, conversationId: number) {
    await this.owned(userId, conversationId);
    await this.ctx.db.transaction((tx) =>
      repo.softDeleteConversation(tx, conversationId, this.ctx.clock.now()),
    );
  }

  async rate(userId: number, messageId: number, rating: -1 | 0 | 1) {
    const m = await repo.messageOf(this.ctx.db, userId, messageId);
    if (!m || m.role !== 'assistant') throw AppError.notFound('消息不存在');
    return repo.updateMessage(this.ctx.db, messageId, { rating });
  }
}
