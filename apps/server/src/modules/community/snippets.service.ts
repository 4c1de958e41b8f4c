import type { AppContext } from '../../context.js';
import type { BotsService } from '../bots/bots.service.js';
import type { ChatService } from '../chat/chat.service.js';

/** Snippets: chat messages a user saved, as they were (docs/community.md, Snippets). */
export class SnippetsService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: { chat: ChatService; bots: BotsService },
  ) {}
}
