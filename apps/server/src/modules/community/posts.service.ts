import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AccountService, PublicProfile } from '../account/account.service.js';
import type { BotsService, BotWithCreator } from '../bots/bots.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { BlocksService } from './blocks.service.js';
import type { ContentScreen } from './moderation.js';
import type { SnippetsService } from './snippets.service.js';
import { postsRepository as repo, type PostRow, type TopicRow } from './posts.repository.js';

export type { PostRow } from './posts.repository.js';

/** A post with what its card shows besides its row; `presentPost` turns it into the wire shape. */
export type PostView = {
  row: PostRow;
  author: PublicProfile & { id: number };
  /** The bot card, while the bot is public. */
  bot: BotWithCreator | null;
  /** The snippet card's bot as it is now (null when none or deleted). */
  snippetBot: { id: number; name: string; avatar: string } | null;
  topic: TopicRow | null;
  liked: boolean;
  favourited: boolean;
  /** Who looks (null: logged out). */
  viewerId: number | null;
  /** The detail page: the whole snippet; a card in a list: its first messages. */
  detail: boolean;
};

export type PostsDeps = {
  account: AccountService;
  bots: BotsService;
  uploads: UploadsService;
  screen: ContentScreen;
  snippets: SnippetsService;
  blocks: BlocksService;
  notices: NoticesService;
  settings: SettingsService;
};

/** Posts: publishing, the feeds, likes and favourites (docs/community.md). */
export class PostsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PostsDeps,
  ) {}

  /**
   * A post the viewer may read: published, or their own while it waits for review or was rejected. Anything
   * else (deleted, someone else's under review, unknown) reads as missing.
   */
  async readable(db: Executor, viewerId: number | null, postId: number): Promise<PostRow> {
    const row = await repo.byId(db, postId);
    const own = row !== undefined && viewerId !== null && row.authorId === viewerId;
    if (!row || (row.status !== 'published' && !(own && row.status !== 'deleted'))) {
      throw AppError.notFound('帖子不存在或已删除');
    }
    return row;
  }

  /** Moves a post's counts and its rank in the caller's transaction (`postsRepository.adjustCounts`). */
  adjustCounts(tx: Executor, postId: number, d: { likes?: number; comments?: number; favourites?: number }) {
    return repo.adjustCounts(tx, postId, d);
  }

  /**
   * Rows → views for one viewer, in the rows' order: authors, bot cards, topics and the viewer's likes and
   * favourites in one query each, whatever the page size.
   */
  async views(viewerId: number | null, rows: PostRow[], opts: { detail: boolean }): Promise<PostView[]> {
    const botIds = [...new Set(rows.flatMap((r) => [r.botId, r.snippet?.botId ?? null]))].filter(
      (id): id is number => id !== null,
    );
    const topicIds = [...new Set(rows.map((r) => r.topicId).filter((id): id is number => id !== null))];
    const ids = rows.map((r) => r.id);
    const [authors, bots, topics, marks] = await Promise.all([
      this.deps.account.publicProfiles(rows.map((r) => r.authorId)),
      botIds.length ? this.deps.bots.anyByIds(botIds) : Promise.resolve(new Map<number, BotWithCreator>()),
      repo.topicsByIds(this.ctx.db, topicIds),
      viewerId === null ? null : repo.marksOf(this.ctx.db, viewerId, ids),
    ]);
    const topicOf = new Map(topics.map((t) => [t.id, t]));
    return rows.map((row) => {
      const bot = row.botId === null ? undefined : bots.get(row.botId);
      const snippetBot = row.snippet?.botId == null ? undefined : bots.get(row.snippet.botId);
      return {
        row,
        author: { id: row.authorId, ...(authors.get(row.authorId) ?? { nickname: '', avatar: '' }) },
        bot: bot && !bot.deletedAt && bot.status === 'published' && bot.visibility === 'public' ? bot : null,
        snippetBot:
          snippetBot && !snippetBot.deletedAt
            ? { id: snippetBot.id, name: snippetBot.name, avatar: snippetBot.avatar }
            : null,
        topic: row.topicId === null ? null : (topicOf.get(row.topicId) ?? null),
        liked: marks?.liked.has(row.id) ?? false,
        favourited: marks?.favourited.has(row.id) ?? false,
        viewerId,
        detail: opts.detail,
      };
    });
  }
}
