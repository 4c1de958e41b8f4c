import { ErrorCode, type createSnippetBody, type updateSnippetBody } from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { PostSnippetRow } from '../../db/schema/community.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage, type RowPage } from '../../platform/http/page.js';
import { isOpenTo, type BotsService } from '../bots/bots.service.js';
import type { ChatService } from '../chat/chat.service.js';
import { snippetsRepository as repo, type SnippetRow } from './snippets.repository.js';

export type { SnippetRow } from './snippets.repository.js';

type CreateSnippet = z.output<typeof createSnippetBody>;
type UpdateSnippet = z.output<typeof updateSnippetBody>;

/** The bot a snippet came from, as it is now; null once it is deleted. */
export type SnippetBot = { id: number; name: string; avatar: string } | null;
/** A snippet with its bot; `presentSnippet` turns it into the wire shape. */
export type SnippetView = { row: SnippetRow; bot: SnippetBot };

/** docs/community.md, Snippets: how many a user keeps, and how fast they may save. */
export const SNIPPETS_MAX = 500;
const SAVES_PER_MINUTE = 20;
/** Replies that ended; a streaming or failed one has nothing settled to keep. */
const SAVABLE = new Set(['complete', 'stopped']);

const MISSING = '片段不存在';
const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { field, issues: [{ field, message }] });

/** Snippets: chat messages a user saved, as they were (docs/community.md, Snippets). */
export class SnippetsService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: { chat: ChatService; bots: BotsService },
  ) {}

  /**
   * Saves a copy of the chosen messages of the user's own conversation, in the conversation's order. Private
   * to its owner, so the text is not screened here; a post that carries it is.
   */
  async create(user: AuthUser, input: CreateSnippet): Promise<SnippetView> {
    const verdict = await this.ctx.limiter.hit(`snippet-create:${user.id}`, SAVES_PER_MINUTE, 60_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '保存片段');
    const ids = [...new Set(input.message_ids)];
    const { botId, messages } = await this.deps.chat.messagesForSnippet(user.id, input.conversation_id, ids);
    if (messages.length !== ids.length) throw fieldError('message_ids', '消息不存在');
    if (messages.some((m) => !SAVABLE.has(m.status))) throw fieldError('message_ids', '所选消息尚未完成');
    if (messages.some((m) => !m.content.trim())) throw fieldError('message_ids', '所选消息没有内容');
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      if ((await repo.countOwned(tx, user.id)) >= SNIPPETS_MAX) {
        throw new AppError(ErrorCode.LIMIT_REACHED, `最多保存${SNIPPETS_MAX}个片段，请先删除不需要的片段`, {
          limit: SNIPPETS_MAX,
        });
      }
      return repo.insert(tx, {
        userId: user.id,
        botId,
        conversationId: input.conversation_id,
        title: input.title,
        note: input.note,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        createdAt: now,
        updatedAt: now,
      });
    });
    return (await this.views([row]))[0]!;
  }

  /** The user's snippets, newest first. */
  async list(user: AuthUser, q: { cursor?: string; limit: number }): Promise<RowPage<SnippetView>> {
    const rows = await repo.list(this.ctx.db, user.id, decodeIdCursor(q.cursor), q.limit);
    const page = idPage(rows, q.limit);
    return { rows: await this.views(rows), nextCursor: page.nextCursor };
  }

  async detail(user: AuthUser, id: number): Promise<SnippetView> {
    const row = await repo.owned(this.ctx.db, user.id, id);
    if (!row) throw AppError.notFound(MISSING);
    return (await this.views([row]))[0]!;
  }

  /** Rename, or change the note; the messages never change. */
  async update(user: AuthUser, id: number, input: UpdateSnippet): Promise<SnippetView> {
    const row = await repo.updateOwned(this.ctx.db, user.id, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      updatedAt: this.ctx.clock.now(),
    });
    if (!row) throw AppError.notFound(MISSING);
    return (await this.views([row]))[0]!;
  }

  /** Gone for good: a post that carries it keeps its own copy. */
  async remove(user: AuthUser, id: number) {
    if (!(await repo.deleteOwned(this.ctx.db, user.id, id))) throw AppError.notFound(MISSING);
  }

  /** The copy of the user's own snippet that a post carries; someone else's reads as missing. */
  async snapshotFor(db: Executor, userId: number, snippetId: number): Promise<PostSnippetRow> {
    const row = await repo.owned(db, userId, snippetId);
    if (!row) throw AppError.badRequest('片段不存在或已删除', { field: 'snippet_id' });
    return {
      title: row.title,
      note: row.note,
      botId: row.botId,
      messages: row.messages,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Rows → views: their bots as they are now, in one query. */
  private async views(rows: SnippetRow[]): Promise<SnippetView[]> {
    const botIds = rows.flatMap((r) => (r.botId === null ? [] : [r.botId]));
    const bots = botIds.length ? await this.deps.bots.anyByIds(botIds) : new Map();
    return rows.map((row) => {
      const bot = row.botId === null ? undefined : bots.get(row.botId);
      return {
        row,
        // A bot that left the catalogue since is its creator's alone (docs/access-matrix.md).
        bot:
          bot && !bot.deletedAt && isOpenTo(bot, row.userId)
            ? { id: bot.id, name: bot.name, avatar: bot.avatar }
            : null,
      };
    });
  }
}
