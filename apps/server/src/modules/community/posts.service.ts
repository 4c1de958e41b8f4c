import { cutGraphemes, type createPostBody, type postFeedQuery } from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { PostImageRow } from '../../db/schema/community.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeCursor, decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage, pageOf, type RowPage } from '../../platform/http/page.js';
import type { AccountService, PublicProfile } from '../account/account.service.js';
import { isOpenTo, type BotsService, type BotWithCreator } from '../bots/bots.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { InteractionNotices } from './interactions.js';
import type { ContentScreen } from './moderation.js';
import type { SnippetsService } from './snippets.service.js';
import { postsRepository as repo, type PostRow, type TopicRow } from './posts.repository.js';
import { postScore } from './rank.js';

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

type CreatePost = z.output<typeof createPostBody>;
type FeedQuery = z.output<typeof postFeedQuery>;

/** docs/community.md, Posts: at most this many posts per user in any 10 minutes (`POST_RATE_PER_10_MINUTES`). */
const POST_RATE_WINDOW_MS = 10 * 60_000;

const isScoreCursor = (v: unknown): v is [number, number] =>
  Array.isArray(v) &&
  v.length === 2 &&
  typeof v[0] === 'number' &&
  Number.isFinite(v[0]) &&
  Number.isSafeInteger(v[1]) &&
  v[1] > 0;

/**
 * What a notice quotes of a post (docs/community.md, Messages): its text, else its snippet's title, else
 * [图片]. Whole: whoever quotes it cuts it to their length.
 */
export function excerptOf(row: Pick<PostRow, 'content' | 'snippet'>): string {
  if (row.content) return row.content;
  return row.snippet ? `[片段] ${row.snippet.title}` : '[图片]';
}

const missing = () => AppError.notFound('帖子不存在或已删除');

export type PostsDeps = {
  account: AccountService;
  bots: BotsService;
  uploads: UploadsService;
  screen: ContentScreen;
  snippets: SnippetsService;
  interactions: InteractionNotices;
};

/** Posts: publishing, the feeds, likes and favourites (docs/community.md). */
export class PostsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PostsDeps,
  ) {}

  /**
   * A post the viewer may read: published, or their own while it waits for review or was rejected. Anything
   * else (deleted, someone else's under review, unknown) reads as missing. With `lock` (in a transaction),
   * the row stays as read until it ends (`lock`).
   */
  async readable(
    db: Executor,
    viewerId: number | null,
    postId: number,
    o: { lock?: boolean } = {},
  ): Promise<PostRow> {
    const row = await (o.lock ? repo.lockedById : repo.byId)(db, postId);
    const own = row !== undefined && viewerId !== null && row.authorId === viewerId;
    if (!row || (row.status !== 'published' && !(own && row.status !== 'deleted'))) {
      throw missing();
    }
    return row;
  }

  /**
   * Locks the post until the transaction ends: whatever changes its comments, likes, favourites or status takes
   * this lock first, so a check of its status inside the transaction holds until the change is written, and
   * every such transaction takes its locks in the same order (docs/community.md, Comments).
   */
  lock(tx: Executor, postId: number): Promise<PostRow | undefined> {
    return repo.lockedById(tx, postId);
  }

  /**
   * Publishes a post (docs/community.md, Posts): images, the bot, the topic and the snippet are checked, then
   * the post is written in one transaction; a listed word holds it for review instead of refusing it.
   */
  async create(user: AuthUser, input: CreatePost): Promise<PostView> {
    const { ctx, deps } = this;
    const verdict = await ctx.limiter.hit(
      `post:${user.id}`,
      ctx.config.postRatePer10Minutes,
      POST_RATE_WINDOW_MS,
    );
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '发帖');
    const uploads = input.images.length
      ? await deps.uploads.ownImagesByIds(user.id, input.images, 'post_image')
      : [];
    const images: PostImageRow[] = uploads.map((u) => ({
      uploadId: u.id,
      url: `/media/${u.key}`,
      width: u.width ?? 0,
      height: u.height ?? 0,
    }));
    if (input.bot_id !== undefined) {
      const bot = await deps.bots.find(input.bot_id);
      if (!bot || bot.status !== 'published' || bot.visibility !== 'public') {
        throw AppError.badRequest('智能体不存在或未公开', { field: 'bot_id' });
      }
    }
    const snippet =
      input.snippet_id === undefined
        ? null
        : await deps.snippets.snapshotFor(ctx.db, user.id, input.snippet_id);
    // Before the transaction: the screen reads the settings (the embedded database has one connection). The
    // snippet's copy is screened whole, its messages too: once posted, everyone reads them.
    const word = await deps.screen.flaggedWord(
      input.content,
      snippet?.title ?? '',
      snippet?.note ?? '',
      ...(snippet?.messages.map((m) => m.content) ?? []),
    );
    const row = await ctx.db.transaction(async (tx) => {
      if (input.topic_id !== undefined && !(await repo.enabledTopic(tx, input.topic_id))) {
        throw AppError.badRequest('话题不存在', { field: 'topic_id' });
      }
      const now = ctx.clock.now();
      return repo.insert(tx, {
        authorId: user.id,
        content: input.content,
        images,
        botId: input.bot_id ?? null,
        snippetId: input.snippet_id ?? null,
        snippet,
        topicId: input.topic_id ?? null,
        status: word ? 'pending_review' : 'published',
        flaggedWord: word,
        score: postScore(0, 0, 0, now),
        createdAt: now,
        updatedAt: now,
      });
    });
    const [view] = await this.views(user.id, [row], { detail: true });
    return view!;
  }

  /**
   * A page of a feed (docs/community.md, Feeds): 推荐 by rank, 最新 by time (with the viewer's own posts
   * waiting for review); authors the viewer blocked are left out. One query for the rows, then their views.
   */
  async feed(viewer: AuthUser | null, q: FeedQuery): Promise<RowPage<PostView>> {
    const f = { viewerId: viewer?.id ?? null, topicId: q.topic_id, limit: q.limit };
    if (q.tab === 'recommend') {
      const rows = await repo.recommended(this.ctx.db, {
        ...f,
        after: decodeCursor(q.cursor, isScoreCursor),
      });
      const page = pageOf(rows, q.limit, (r) => [r.score, r.id]);
      return { ...page, rows: await this.views(f.viewerId, rows, { detail: false }) };
    }
    const rows = await repo.latest(this.ctx.db, { ...f, before: decodeIdCursor(q.cursor) });
    const page = idPage(rows, q.limit);
    return { ...page, rows: await this.views(f.viewerId, rows, { detail: false }) };
  }

  /** The detail page: a post the viewer may read, with its whole snippet. */
  async detail(viewer: AuthUser | null, postId: number): Promise<PostView> {
    const viewerId = viewer?.id ?? null;
    const row = await this.readable(this.ctx.db, viewerId, postId);
    const [view] = await this.views(viewerId, [row], { detail: true });
    return view!;
  }

  /**
   * Its author deletes a post (kept as a row, gone from every list). Someone else's published post is
   * refused; one the viewer cannot read (deleted, unknown, someone else's under review) reads as missing.
   */
  async remove(user: AuthUser, postId: number): Promise<void> {
    const row = await this.readable(this.ctx.db, user.id, postId);
    if (row.authorId !== user.id) throw AppError.forbidden('只能删除自己的帖子');
    const done = await repo.softDelete(this.ctx.db, postId, user.id, this.ctx.clock.now());
    if (!done) throw missing();
  }

  /** 点赞 or its undo; idempotent: the count moves only when the like really came or went. */
  async like(user: AuthUser, postId: number, on: boolean): Promise<{ liked: boolean; likeCount: number }> {
    const r = await this.react(user, postId, on, 'post_like');
    return { liked: on, likeCount: r.likeCount };
  }

  /** 收藏 or its undo, as `like`. */
  async favourite(user: AuthUser, postId: number, on: boolean) {
    const r = await this.react(user, postId, on, 'post_favourite');
    return { favourited: on, favouriteCount: r.favouriteCount };
  }

  private react(user: AuthUser, postId: number, on: boolean, kind: 'post_like' | 'post_favourite') {
    const { ctx, deps } = this;
    return ctx.db.transaction(async (tx): Promise<PostRow> => {
      // Locked: a post deleted or hidden while this runs is either still published here or already gone.
      const row = await this.readable(tx, user.id, postId, { lock: true });
      if (row.status !== 'published') throw missing();
      const like = kind === 'post_like';
      const changed = on
        ? await (like ? repo.addLike : repo.addFavourite)(tx, postId, user.id, ctx.clock.now())
        : await (like ? repo.removeLike : repo.removeFavourite)(tx, postId, user.id);
      // Nothing changed: the counts as they are now, after whichever request made the change committed.
      if (!changed) return (await repo.byId(tx, postId)) ?? row;
      const delta = on ? 1 : -1;
      const after = await repo.adjustCounts(tx, postId, like ? { likes: delta } : { favourites: delta });
      const notice = { kind, recipientId: row.authorId, actorId: user.id, targetId: postId };
      if (on) {
        await deps.interactions.tell(tx, {
          ...notice,
          excerpt: excerptOf(row),
          link: `/post/detail?id=${postId}`,
        });
      } else {
        await deps.interactions.retract(tx, notice);
      }
      return after ?? row;
    });
  }

  /** 我的收藏, posts: published ones, newest favourite first. */
  async favourites(user: AuthUser, q: { cursor?: string; limit: number }): Promise<RowPage<PostView>> {
    const rows = await repo.favourites(this.ctx.db, user.id, decodeIdCursor(q.cursor), q.limit);
    const page = pageOf(rows, q.limit, (r) => r.favId);
    const views = await this.views(
      user.id,
      rows.map((r) => r.post),
      { detail: false },
    );
    return { ...page, rows: views };
  }

  /** Posts' opening words and status, by id: what an operator judges a comment under it by. */
  async briefs(ids: number[]) {
    const rows = await repo.byIds(this.ctx.db, [...new Set(ids)]);
    const brief = (r: PostRow) => ({
      id: r.id,
      excerpt: cutGraphemes(excerptOf(r), 80, '…'),
      status: r.status,
    });
    return new Map(rows.map((r) => [r.id, brief(r)]));
  }

  /** Operators: how many posts a user wrote (any status), and the latest `limit` (docs/admin.md, Users). */
  async ofAuthor(userId: number, limit: number) {
    const [total, rows] = await Promise.all([
      repo.countOfAuthor(this.ctx.db, userId),
      repo.ofAuthor(this.ctx.db, userId, limit),
    ]);
    return { total, rows };
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
          snippetBot && !snippetBot.deletedAt && isOpenTo(snippetBot, viewerId)
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
