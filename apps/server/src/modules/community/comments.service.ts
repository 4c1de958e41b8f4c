import { COMMENT_REPLY_PREVIEW, ErrorCode, type ContentDecisionBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeIdCursor, decodeTimeCursor } from '../../platform/http/cursor.js';
import { pageOf, type RowPage } from '../../platform/http/page.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService } from '../admin/audit.service.js';
import { quote, type NoticeInput, type NoticesService } from '../notices/notices.service.js';
import type { BlocksService } from './blocks.service.js';
import { commentsRepository as repo, type CommentRow } from './comments.repository.js';
import type { InteractionNotices } from './interactions.js';
import type { ContentScreen } from './moderation.js';
import { excerptOf, type PostRow, type PostsService } from './posts.service.js';

export type { CommentRow } from './comments.repository.js';

type Brief = { id: number; nickname: string; avatar: string };

/** A comment with what the viewer sees besides its row; `presentComment` makes the wire shape. */
export type CommentView = {
  row: CommentRow;
  author: Brief;
  /** Whom a reply to a reply names (回复 @昵称); null for a top-level comment and a reply to one. */
  replyTo: Brief | null;
  liked: boolean;
  canDelete: boolean;
};
export type CommentThreadView = CommentView & { replies: CommentView[] };

/** docs/community.md, Comments: a user's comments and replies per minute, against floods. */
export const COMMENTS_PER_MINUTE = 20;

const gone = () => AppError.notFound('评论不存在或已删除');
const badReplyTo = () => {
  const message = '回复的评论不存在或已删除';
  return AppError.badRequest(message, { field: 'reply_to', issues: [{ field: 'reply_to', message }] });
};

/** Where a notice about a comment opens: its post, scrolled to its thread. */
const linkTo = (c: CommentRow) => `/post/detail?id=${c.postId}&comment=${c.rootId ?? c.id}`;

/** What an interaction row shows once the comment it quoted is gone (other than a post's, which shows it). */
const DELETED = '该评论已删除';

/** The author's review notice: approved, rejected or removed, and why. */
function reviewNotice(
  c: CommentRow,
  outcome: 'approved' | 'rejected' | 'removed',
  reason?: string,
): NoticeInput {
  const words = `你的评论「${quote(c.content, 30)}」`;
  const text = {
    approved: { title: '评论已通过审核', body: `${words}已通过审核，现已公开显示。` },
    rejected: { title: '评论未通过审核', body: `${words}未通过审核，原因：${reason}。` },
    removed: { title: '评论已被移除', body: `${words}因违反社区规范已被移除，原因：${reason}。` },
  }[outcome];
  return { category: 'review', type: `comment_${outcome}`, ...text, link: linkTo(c) };
}

/** Comments with one level of replies, and their likes (docs/community.md, Comments). */
export class CommentsService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: {
      posts: PostsService;
      account: AccountService;
      screen: ContentScreen;
      blocks: BlocksService;
      notices: NoticesService;
      interactions: InteractionNotices;
      audit: AuditService;
    },
  ) {}

  /** A post's top-level comments, newest first, each with its first replies (oldest first). */
  async list(
    viewer: AuthUser | null,
    postId: number,
    q: { cursor?: string; limit: number },
  ): Promise<RowPage<CommentThreadView>> {
    const viewerId = viewer?.id ?? null;
    const db = this.ctx.db;
    const post = await this.deps.posts.readable(db, viewerId, postId);
    const roots = await repo.topLevel(db, viewerId, postId, decodeIdCursor(q.cursor), q.limit);
    const ids = roots.map((r) => r.id);
    const replies = await repo.firstReplies(db, viewerId, ids, COMMENT_REPLY_PREVIEW);
    const views = new Map(
      (await this.views(viewerId, post.authorId, [...roots, ...replies])).map((v) => [v.row.id, v]),
    );
    const threads = roots.map((r) => ({
      ...views.get(r.id)!,
      replies: replies.filter((x) => x.rootId === r.id).map((x) => views.get(x.id)!),
    }));
    return pageOf(threads, q.limit, (t) => t.row.id);
  }

  /** A top-level comment's replies, oldest first (the thread's 展开更多回复). */
  async replies(
    viewer: AuthUser | null,
    rootId: number,
    q: { cursor?: string; limit: number },
  ): Promise<RowPage<CommentView>> {
    const viewerId = viewer?.id ?? null;
    const db = this.ctx.db;
    const root = await repo.visible(db, viewerId, rootId, { placeholder: true });
    if (!root || root.rootId !== null) throw gone();
    const post = await this.deps.posts.readable(db, viewerId, root.postId);
    const rows = await repo.replies(db, viewerId, rootId, decodeIdCursor(q.cursor), q.limit);
    return pageOf(await this.views(viewerId, post.authorId, rows), q.limit, (v) => v.row.id);
  }

  /**
   * A comment, or a reply to a comment or to a reply of the same post. Clean text is published and counted at
   * once, with its notice; a listed word holds it for review, seen by its author only.
   */
  async create(user: AuthUser, postId: number, input: { content: string; reply_to?: number }) {
    const verdict = await this.ctx.limiter.hit(`comment:${user.id}`, COMMENTS_PER_MINUTE, 60_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '评论');
    const { db, clock } = this.ctx;
    // Before the transaction: the screen reads the settings (the embedded database has one connection).
    const flagged = await this.deps.screen.flaggedWord(input.content);
    const { row, post } = await db.transaction(async (tx) => {
      // Every check holds until the comment is written: the post (its status, its author's blocks) and the
      // answered comment are locked, so a delete, a hide or a block either goes first or waits.
      const post = await this.deps.posts.readable(tx, user.id, postId, { lock: true });
      if (post.status !== 'published') throw AppError.forbidden('帖子审核通过后才能评论');
      if (await this.deps.blocks.hasBlocked(tx, post.authorId, user.id)) {
        throw AppError.forbidden('由于对方的设置，你暂时无法评论');
      }
      const target =
        input.reply_to === undefined ? undefined : await this.answerable(tx, user.id, postId, input.reply_to);
      const c = await repo.insert(tx, {
        postId,
        authorId: user.id,
        rootId: target ? (target.rootId ?? target.id) : null,
        replyToId: target?.id ?? null,
        replyToUserId: target?.authorId ?? null,
        content: input.content,
        status: flagged ? 'pending_review' : 'published',
        flaggedWord: flagged,
        createdAt: clock.now(),
      });
      if (!flagged) await this.publish(tx, c);
      return { row: c, post };
    });
    return (await this.views(user.id, post.authorId, [row]))[0]!;
  }

  /**
   * The comment a reply answers, locked: published, of the same post, and seen by the replier, thread and all
   * (under a root whose author they blocked, nothing can be answered).
   */
  private async answerable(tx: Executor, userId: number, postId: number, id: number) {
    const target = await repo.visible(tx, userId, id);
    if (!target || target.postId !== postId || target.status !== 'published') throw badReplyTo();
    if (target.rootId !== null && !(await repo.visible(tx, userId, target.rootId, { placeholder: true }))) {
      throw badReplyTo();
    }
    if ((await repo.lockedById(tx, target.id))?.status !== 'published') throw badReplyTo();
    return target;
  }

  /**
   * Deletes a comment: its author, or the post's author. A top-level one with visible replies stays as a
   * placeholder and its replies stay (and stay counted); see docs/community.md, Comments.
   */
  async remove(user: AuthUser, commentId: number): Promise<void> {
    const db = this.ctx.db;
    const c = await repo.byId(db, commentId);
    if (!c || c.status === 'deleted') throw gone();
    const post = await this.deps.posts.readable(db, user.id, c.postId);
    const mine = c.authorId === user.id;
    if (!mine && c.status !== 'published') throw gone();
    if (!mine && post.authorId !== user.id) throw AppError.forbidden('只能删除自己的评论或自己帖子下的评论');
    await db.transaction(async (tx) => {
      await this.deps.posts.lock(tx, c.postId);
      const locked = await repo.lockedById(tx, commentId);
      if (!locked || locked.status === 'deleted') throw gone();
      await repo.update(tx, commentId, { status: 'deleted', deletedAt: this.ctx.clock.now() });
      if (locked.status === 'published') await this.unpublish(tx, locked);
    });
  }

  like(user: AuthUser, commentId: number) {
    return this.mark(user, commentId, true);
  }

  unlike(user: AuthUser, commentId: number) {
    return this.mark(user, commentId, false);
  }

  /** How many comments wait for review (the console's dashboard). */
  pendingCount() {
    return repo.reviewCount(this.ctx.db);
  }

  /** Operators: comments waiting for review, oldest first. */
  async reviewQueue(cursor: string | undefined, limit: number): Promise<RowPage<CommentView>> {
    const rows = await repo.reviewQueue(this.ctx.db, decodeTimeCursor(cursor), limit);
    const views = await this.views(null, null, rows);
    return pageOf(views, limit, (v) => [v.row.createdAt.getTime(), v.row.id]);
  }

  /**
   * Approve: published and counted, and its interaction notice goes out now. Reject (a reason is required):
   * rejected. Either way the author gets a review notice and the decision is audited, in one transaction.
   */
  async decide(actorId: number, commentId: number, d: ContentDecisionBody): Promise<CommentView> {
    if (d.decision === 'reject' && !d.reason) {
      const message = '请填写驳回原因';
      throw AppError.badRequest(message, { field: 'reason', issues: [{ field: 'reason', message }] });
    }
    const row = await this.ctx.db.transaction(async (tx) => {
      const { c, post } = await this.locked(tx, commentId);
      if (c.status !== 'pending_review') throw new AppError(ErrorCode.CONFLICT, '该评论不在审核队列中');
      const approve = d.decision === 'approve';
      // What the author of the comment could not do now, an approval does not do either (reject it instead).
      if (approve && post?.status !== 'published') {
        throw new AppError(ErrorCode.CONFLICT, '帖子已删除或未公开，无法通过该评论');
      }
      if (approve && (await this.deps.blocks.hasBlocked(tx, post!.authorId, c.authorId))) {
        throw new AppError(ErrorCode.CONFLICT, '帖子作者已拉黑评论者，无法通过该评论');
      }
      const updated = await repo.update(
        tx,
        commentId,
        approve
          ? { status: 'published', rejectReason: null }
          : { status: 'rejected', rejectReason: d.reason! },
      );
      if (approve) await this.publish(tx, updated);
      await this.deps.notices.notify(
        tx,
        c.authorId,
        reviewNotice(c, approve ? 'approved' : 'rejected', d.reason),
      );
      await this.deps.audit.record(tx, {
        actorId,
        action: approve ? 'comment.approve' : 'comment.reject',
        target: `comment:${commentId}`,
        detail: { postId: c.postId, ...(d.reason ? { reason: d.reason } : {}) },
      });
      return updated;
    });
    return (await this.views(null, null, [row]))[0]!;
  }

  /** Operators take a comment down: counts fixed, the author told why, audited, in one transaction. */
  async adminRemove(actorId: number, commentId: number, reason: string): Promise<CommentView> {
    const row = await this.ctx.db.transaction(async (tx) => {
      const { c } = await this.locked(tx, commentId);
      if (c.status === 'deleted') throw gone();
      const updated = await repo.update(tx, commentId, {
        status: 'deleted',
        deletedAt: this.ctx.clock.now(),
        rejectReason: reason,
      });
      if (c.status === 'published') await this.unpublish(tx, c);
      await this.deps.notices.notify(tx, c.authorId, reviewNotice(c, 'removed', reason));
      await this.deps.audit.record(tx, {
        actorId,
        action: 'comment.remove',
        target: `comment:${commentId}`,
        detail: { postId: c.postId, status: c.status, reason },
      });
      return updated;
    });
    return (await this.views(null, null, [row]))[0]!;
  }

  /** Like or unlike: the count moves only when the like row really changed, in the same transaction. */
  private async mark(user: AuthUser, commentId: number, on: boolean) {
    const { db, clock } = this.ctx;
    const c = await repo.visible(db, user.id, commentId);
    if (!c || c.status !== 'published') throw gone();
    await this.deps.posts.readable(db, user.id, c.postId);
    return db.transaction(async (tx) => {
      // Locked and checked again: a comment deleted meanwhile takes no like, and tells nobody.
      if ((await repo.lockedById(tx, commentId))?.status !== 'published') throw gone();
      const changed = on
        ? await repo.like(tx, commentId, user.id, clock.now())
        : await repo.unlike(tx, commentId, user.id);
      const likeCount = await repo.adjustLikes(tx, commentId, changed ? (on ? 1 : -1) : 0);
      if (changed) {
        const i = {
          recipientId: c.authorId,
          actorId: user.id,
          kind: 'comment_like' as const,
          targetId: c.id,
        };
        if (on) {
          await this.deps.interactions.tell(tx, { ...i, excerpt: c.content, quotes: c.id, link: linkTo(c) });
        } else {
          await this.deps.interactions.retract(tx, i);
        }
      }
      return { liked: on, likeCount };
    });
  }

  /** Moves the counts a visible comment adds: the post's comments, and its root's replies. */
  private async count(tx: Executor, c: CommentRow, delta: 1 | -1) {
    if (c.rootId !== null) await repo.adjustReplies(tx, c.rootId, delta);
    return (await this.deps.posts.adjustCounts(tx, c.postId, { comments: delta }))!;
  }

  /**
   * The comment and its post, locked in the order every comment change takes them (the post first): the
   * comment is read first only to learn its post, which never changes.
   */
  private async locked(tx: Executor, commentId: number) {
    const seen = await repo.byId(tx, commentId);
    if (!seen) throw gone();
    const post = await this.deps.posts.lock(tx, seen.postId);
    const c = (await repo.lockedById(tx, commentId))!;
    return { c, post };
  }

  /**
   * Whom a live comment tells (docs/community.md, Comments): a top-level one the post's author, about the
   * post; a reply the author of what it answers, about that comment (whose words `excerpt` then are).
   */
  private async noticeOf(tx: Executor, c: CommentRow, post: PostRow) {
    if (c.rootId === null) {
      const target = { recipientId: post.authorId, kind: 'post_comment' as const, targetId: c.postId };
      return { ...target, excerpt: excerptOf(post), excerptQuotes: null };
    }
    if (c.replyToId === null || c.replyToUserId === null) return null;
    const answered = await repo.byId(tx, c.replyToId);
    const target = { recipientId: c.replyToUserId, kind: 'comment_reply' as const, targetId: c.replyToId };
    return { ...target, excerpt: answered?.content ?? '', excerptQuotes: c.replyToId };
  }

  /** A comment goes live: counted, and its author's interaction notice (never to themselves) sent. */
  private async publish(tx: Executor, c: CommentRow) {
    const post = await this.count(tx, c, 1);
    const n = await this.noticeOf(tx, c, post);
    if (!n) return;
    await this.deps.interactions.tell(tx, {
      ...n,
      actorId: c.authorId,
      text: c.content,
      quotes: c.id,
      link: linkTo(c),
    });
  }

  /**
   * A live comment goes (deleted or removed): uncounted, and its author leaves their unread notice unless
   * they have another comment of the same kind there (then the row shows that one's words if it showed
   * these). Every row still quoting it, read or not, stops: a post's shows the post, others 该评论已删除.
   */
  private async unpublish(tx: Executor, c: CommentRow) {
    const post = await this.count(tx, c, -1);
    const n = await this.noticeOf(tx, c, post);
    if (n) {
      const group = { recipientId: n.recipientId, actorId: c.authorId, kind: n.kind, targetId: n.targetId };
      const other = await repo.otherLive(tx, c);
      if (other) {
        await this.deps.interactions.requote(tx, {
          ...group,
          from: c.id,
          text: other.content,
          quotes: other.id,
        });
      } else {
        await this.deps.interactions.retract(tx, { ...group, excerpt: n.excerpt, quotes: n.excerptQuotes });
      }
    }
    await this.deps.interactions.unquote(tx, c.id, { post_comment: excerptOf(post) }, DELETED);
  }

  /** Rows → views for one viewer: authors, named users and the viewer's likes in one query each. */
  private async views(viewerId: number | null, postAuthorId: number | null, rows: CommentRow[]) {
    const named = (r: CommentRow) => (r.rootId !== null && r.replyToId !== r.rootId ? r.replyToUserId : null);
    const ids = rows.map((r) => r.id);
    const [profiles, liked] = await Promise.all([
      this.deps.account.publicProfiles(rows.flatMap((r) => [r.authorId, named(r) ?? r.authorId])),
      viewerId === null ? new Set<number>() : repo.likedOf(this.ctx.db, viewerId, ids),
    ]);
    const brief = (id: number) => ({ id, ...(profiles.get(id) ?? { nickname: '', avatar: '' }) });
    return rows.map((row): CommentView => {
      const replyTo = named(row);
      return {
        row,
        author: brief(row.authorId),
        replyTo: replyTo === null ? null : brief(replyTo),
        liked: liked.has(row.id),
        canDelete:
          viewerId !== null &&
          row.status !== 'deleted' &&
          (row.authorId === viewerId || (postAuthorId === viewerId && row.status === 'published')),
      };
    });
  }
}
