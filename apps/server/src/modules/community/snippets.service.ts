import type { AppContext } from '../../context.js';
import type { PostSnippetRow } from '../../db/schema/community.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { BotsService } from '../bots/bots.service.js';
import type { ChatService } from '../chat/chat.service.js';
import { snippetsRepository as repo } from './snippets.repository.js';

/** Snippets: chat messages a user saved, as they were (docs/community.md, Snippets). */
export class SnippetsService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: { chat: ChatService; bots: BotsService },
  ) {}

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
}
