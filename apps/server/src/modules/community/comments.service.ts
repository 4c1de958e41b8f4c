import { COMMENT_REPLY_PREVIEW, ErrorCode, type ContentDecisionBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeCursor, decodeIdCursor } from '../../platform/http/cursor.js';
import { pageOf, type RowPage } from '../../platform/http/page.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService } from '../admin/audit.service.js';
import type { NoticeInput, NoticesService } from '../notices/notices.service.js';
import type { BlocksService } from './blocks.service.js';
import { commentsRepository as repo, type CommentRow } from './comments.repository.js';
import type { ContentScreen } from './moderation.js';
import type { PostRow, PostsService } from './posts.service.js';

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

const isQueueCursor = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((x) => Number.isSafeInteger(x));

const gone = () => AppError.notFound('评论不存在或已删除');
const badReplyTo = () => {
  const message = '回复的评论不存在或已删除';
  return AppError.badRequest(message, { field: 'reply_to', issues: [{ field: 'reply_to', message }] });
};

/** Where a notice about a comment opens: its post, scrolled to its thread. */
const linkTo = (c: CommentRow) => `/post/detail?id=${c.postId}&comment=${c.rootId ?? c.id}`;

/** A post as a notice names it: its words, else its snippet's title, else its images. */
const postExcerpt = (p: PostRow) => p.content || p.snippet?.title || '[图片]';

/** The first `n` characters as users see them, for a review notice's quote. */
function cut(text: string, n = 30): string {
  const parts = [...new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(text)];
  return parts.length > n
    ? `${parts
        .slice(0, n)
        .map((p) => p.segment)
        .join('')}…`
    : text;
}

/** The author's review notice: approved, rejected or removed, and why. */
function reviewNotice(
  c: CommentRow,
  outcome: 'approved' | 'rejected' | 'removed',
  reason?: string,
): NoticeInput {
  const quote = `你的评论「${cut(c.content)}」`;
  const text = {
    approved: { title: '评论已通过审核', body: `${quote}已通过审核，现已公开显示。` },
    rejected: { title: '评论未通过审核', body: `${quote}未通过审核，原因：${reason}。` },
    removed: { title: '评论已被移除', body: `${quote}因违反社区规范已被移除，原因：${reason}。` },
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
    const post = await this.deps.posts.readable(db, user.id, postId);
    if (post.status !== 'published') throw AppError.forbidden('帖子审核通过后才能评论');
    if (await this.deps.blocks.hasBlocked(db, post.authorId, user.id)) {
      throw AppError.forbidden('由于对方的设置，你暂时无法评论');
    }
    let target: CommentRow | undefined;
    if (input.reply_to !== undefined) {
      target = await repo.visible(db, user.id, input.reply_to);
      if (!target || target.postId !== postId || target.status !== 'published') throw badReplyTo();
      // Under a thread the replier does not see (its root's author blocked by them), nothing can be answered.
      if (
        target.rootId !== null &&
        !(await repo.visible(db, user.id, target.rootId, { placeholder: true }))
      ) {
        throw badReplyTo();
      }
    }
    const flagged = await this.deps.screen.flaggedWord(input.content);
    const row = await db.transaction(async (tx) => {
      // The answered comment stays as it is until this reply is written (a delete waits, or goes first).
      if (target && (await repo.lockedById(tx, target.id))?.status !== 'published') throw badReplyTo();
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
      return c;
    });
    return (await this.views(user.id, post.authorId, [row]))[0]!;
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

  /** Operators: comments waiting for review, oldest first. */
  async reviewQueue(cursor: string | undefined, limit: number): Promise<RowPage<CommentView>> {
    const rows = await repo.reviewQueue(this.ctx.db, decodeCursor(cursor, isQueueCursor), limit);
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
      const c = await repo.lockedById(tx, commentId);
      if (!c) throw gone();
      if (c.status !== 'pending_review') throw new AppError(ErrorCode.CONFLICT, '该评论不在审核队列中');
      const approve = d.decision === 'approve';
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
      const c = await repo.lockedById(tx, commentId);
      if (!c || c.status === 'deleted') throw gone();
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
        if (on) await this.deps.notices.interact(tx, { ...i, excerpt: c.content, link: linkTo(c) });
        else await this.deps.notices.retract(tx, i);
      }
      return { liked: on, likeCount };
    });
  }

  /** Moves the counts a visible comment adds: the post's comments, and its root's replies. */
  private async count(tx: Executor, c: CommentRow, delta: 1 | -1) {
    if (c.rootId !== null) await repo.adjustReplies(tx, c.rootId, delta);
    return (await this.deps.posts.adjustCounts(tx, c.postId, { comments: delta }))!;
  }

  /** A comment goes live: counted, and its author's interaction notice (never to themselves) sent. */
  private async publish(tx: Executor, c: CommentRow) {
    const post = await this.count(tx, c, 1);
    const base = { actorId: c.authorId, text: c.content, link: linkTo(c) };
    if (c.rootId === null) {
      const excerpt = postExcerpt(post);
      await this.deps.notices.interact(tx, {
        ...base,
        recipientId: post.authorId,
        kind: 'post_comment',
        targetId: c.postId,
        excerpt,
      });
    } else if (c.replyToId !== null && c.replyToUserId !== null) {
      const answered = await repo.byId(tx, c.replyToId);
      await this.deps.notices.interact(tx, {
        ...base,
        recipientId: c.replyToUserId,
        kind: 'comment_reply',
        targetId: c.replyToId,
        excerpt: answered?.content ?? '',
      });
    }
  }

  /** A live comment goes (deleted or removed): uncounted, and its interaction notice withdrawn if unread. */
  private async unpublish(tx: Executor, c: CommentRow) {
    const post = await this.count(tx, c, -1);
    if (c.rootId === null) {
      await this.deps.notices.retract(tx, {
        recipientId: post.authorId,
        actorId: c.authorId,
        kind: 'post_comment',
        targetId: c.postId,
        excerpt: postExcerpt(post),
      });
    } else if (c.replyToId !== null && c.replyToUserId !== null) {
      // The row goes back to showing what was answered, not the withdrawn reply's words.
      const answered = await repo.byId(tx, c.replyToId);
      await this.deps.notices.retract(tx, {
        recipientId: c.replyToUserId,
        actorId: c.authorId,
        kind: 'comment_reply',
        targetId: c.replyToId,
        excerpt: answered?.content ?? '',
      });
    }
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
