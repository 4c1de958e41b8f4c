import {
  ErrorCode,
  type ContentDecisionBody,
  type ReportReason,
  type ReportResolveBody,
  type reportBody,
} from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeCursor, decodeTimeCursor } from '../../platform/http/cursor.js';
import { pageOf, type RowPage } from '../../platform/http/page.js';
import type { AuditService } from '../admin/audit.service.js';
import { quote, type NoticeInput, type NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { moderationRepository as repo, type ReportGroup } from './moderation.repository.js';
import { excerptOf, type PostRow, type PostsService, type PostView } from './posts.service.js';

/** docs/community.md, Moderation and reports: a user's reports per hour. */
export const REPORTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/** One post's reports as the operators' queue shows them. */
export type ReportGroupView = {
  group: ReportGroup;
  post: PostView;
  reasons: { reason: ReportReason; count: number }[];
  details: string[];
};

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((x) => Number.isSafeInteger(x));

const needReason = (message: string) =>
  AppError.badRequest(message, { field: 'reason', issues: [{ field: 'reason', message }] });

/** The start of a post as its author's review notices quote it. */
const excerpt = (p: PostRow) => quote(excerptOf(p), 20);

const link = (p: PostRow) => `/post/detail?id=${p.id}`;

/** What the author of a post is told of an operator's decision (a review notice). */
const authorNotice = {
  approved: (p: PostRow): NoticeInput => ({
    category: 'review',
    type: 'post_approved',
    title: '帖子已通过审核',
    body: p.hiddenByReports
      ? `你的帖子「${excerpt(p)}」经审核未发现违规，已恢复展示。`
      : `你的帖子「${excerpt(p)}」已通过审核，现已公开发布。`,
    link: link(p),
  }),
  rejected: (p: PostRow, reason: string): NoticeInput => ({
    category: 'review',
    type: 'post_rejected',
    title: '帖子未通过审核',
    body: `你的帖子「${excerpt(p)}」未通过审核，原因：${reason}。`,
    link: link(p),
  }),
  removed: (p: PostRow, reason: string): NoticeInput => ({
    category: 'review',
    type: 'post_removed',
    title: '帖子已被删除',
    body: `你的帖子「${excerpt(p)}」因违反社区规范已被删除，原因：${reason}。`,
    link: null,
  }),
};

/** What each reporter is told when their report is resolved: the outcome, without quoting the post. */
const reporterNotice = (resolution: 'dismiss' | 'remove'): NoticeInput => ({
  category: 'system',
  type: 'report_resolved',
  title: '你举报的内容已处理',
  body:
    resolution === 'remove'
      ? '你举报的帖子经核实违反社区规范，已被删除。感谢你的反馈，让社区更好。'
      : '你举报的帖子经核实暂未发现违规，已保留。感谢你的反馈。',
  link: null,
});

/** Review of flagged posts and comments, reports, and operators' removals (docs/community.md, Moderation). */
export class ModerationService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: {
      posts: PostsService;
      notices: NoticesService;
      audit: AuditService;
      settings: SettingsService;
    },
  ) {}

  /**
   * A user reports a published post (not their own), once: a repeat changes nothing. The post counts its
   * open reports; the one that reaches `report_hide_threshold` hides it for review.
   */
  async report(user: AuthUser, postId: number, input: z.infer<typeof reportBody>): Promise<void> {
    const verdict = await this.ctx.limiter.hit(`post-report:${user.id}`, REPORTS_PER_HOUR, HOUR_MS);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '举报');
    const threshold = (await this.deps.settings.rules()).report_hide_threshold;
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const post = await this.deps.posts.readable(tx, user.id, postId);
      if (post.authorId === user.id) throw AppError.badRequest('不能举报自己的帖子');
      if (post.status !== 'published') throw AppError.notFound('帖子不存在或已删除');
      const added = await repo.insertReport(tx, {
        postId,
        reporterId: user.id,
        reason: input.reason,
        detail: input.detail,
        createdAt: now,
      });
      if (added) await repo.countReport(tx, postId, threshold, now);
    });
  }

  /** How many posts wait for review and how many reported posts wait for a decision (the console's dashboard). */
  pendingCounts() {
    return repo.pendingCounts(this.ctx.db);
  }

  /** Posts waiting for review (flagged words or reports), oldest first. */
  async reviewQueue(actorId: number, cursor: string | undefined, limit: number): Promise<RowPage<PostView>> {
    const rows = await repo.reviewQueue(this.ctx.db, decodeTimeCursor(cursor), limit);
    const views = await this.deps.posts.views(actorId, rows, { detail: true });
    return pageOf(views, limit, (v) => [v.row.updatedAt.getTime(), v.row.id]);
  }

  /**
   * Approve: published again (reports that hid it are dismissed). Reject (a reason is required): rejected,
   * its author still sees it with the reason (reports on it are upheld). The author is told either way.
   */
  async decide(actorId: number, postId: number, d: ContentDecisionBody): Promise<PostView> {
    if (d.decision === 'reject' && !d.reason) throw needReason('请填写驳回原因');
    const row = await this.ctx.db.transaction(async (tx) => {
      const post = await repo.lockedPost(tx, postId);
      if (!post) throw AppError.notFound('帖子不存在或已删除');
      if (post.status !== 'pending_review') throw new AppError(ErrorCode.CONFLICT, '该帖子不在审核队列中');
      const now = this.ctx.clock.now();
      const approve = d.decision === 'approve';
      const updated = await repo.updatePost(
        tx,
        postId,
        approve
          ? {
              status: 'published',
              hiddenByReports: false,
              rejectReason: null,
              reportCount: 0,
              updatedAt: now,
            }
          : { status: 'rejected', rejectReason: d.reason!, reportCount: 0, updatedAt: now },
      );
      const reports = await this.closeReports(tx, postId, approve ? 'dismiss' : 'remove', actorId);
      const notice = approve ? authorNotice.approved(post) : authorNotice.rejected(post, d.reason!);
      await this.deps.notices.notify(tx, post.authorId, notice);
      await this.deps.audit.record(tx, {
        actorId,
        action: approve ? 'post.approve' : 'post.reject',
        target: `post:${postId}`,
        detail: {
          flaggedWord: post.flaggedWord,
          hiddenByReports: post.hiddenByReports,
          reports,
          ...(d.reason ? { reason: d.reason } : {}),
        },
      });
      return updated;
    });
    return (await this.deps.posts.views(actorId, [row], { detail: true }))[0]!;
  }

  /** Reports grouped per post: open ones most reported first, resolved ones the latest resolved first. */
  async reportQueue(
    actorId: number,
    q: { status: 'open' | 'resolved'; cursor?: string; limit: number },
  ): Promise<RowPage<ReportGroupView>> {
    const open = q.status === 'open';
    const groups = open
      ? await repo.openGroups(this.ctx.db, decodeCursor(q.cursor, isPair), q.limit)
      : await repo.resolvedGroups(this.ctx.db, decodeTimeCursor(q.cursor), q.limit);
    const ids = groups.map((g) => g.postId);
    const [rows, more] = await Promise.all([
      repo.postsByIds(this.ctx.db, ids),
      repo.groupDetails(this.ctx.db, ids, q.status),
    ]);
    const views = new Map(
      (await this.deps.posts.views(actorId, rows, { detail: true })).map((v) => [v.row.id, v]),
    );
    const list = groups.map((group) => ({
      group,
      post: views.get(group.postId)!,
      reasons: more.reasons
        .filter((r) => r.postId === group.postId)
        .map((r) => ({ reason: r.reason, count: r.count })),
      details: more.details.filter((r) => r.postId === group.postId).map((r) => r.detail),
    }));
    return pageOf(list, q.limit, (v) =>
      open ? [v.group.count, v.group.postId] : [v.group.resolvedAt!.getTime(), v.group.postId],
    );
  }

  /**
   * Resolves a post's open reports. Dismiss: the post stays published, or is published again when reports
   * hid it. Remove (a reason is required): the post is deleted and its author told why.
   */
  async resolve(actorId: number, postId: number, body: ReportResolveBody): Promise<PostView> {
    if (body.action === 'remove' && !body.reason) throw needReason('请填写删除原因');
    const row = await this.ctx.db.transaction(async (tx) => {
      const post = await repo.lockedPost(tx, postId);
      if (!post) throw AppError.notFound('帖子不存在');
      const reports = await this.closeReports(tx, postId, body.action, actorId);
      if (!reports) throw new AppError(ErrorCode.CONFLICT, '该帖子没有待处理的举报');
      const now = this.ctx.clock.now();
      let updated: PostRow;
      if (body.action === 'dismiss') {
        const back = post.status === 'pending_review' && post.hiddenByReports;
        updated = await repo.updatePost(tx, postId, {
          reportCount: 0,
          ...(back ? { status: 'published', hiddenByReports: false, updatedAt: now } : {}),
        });
        if (back) await this.deps.notices.notify(tx, post.authorId, authorNotice.approved(post));
      } else {
        updated = await this.takeDown(tx, post, body.reason!);
      }
      await this.deps.audit.record(tx, {
        actorId,
        action: body.action === 'dismiss' ? 'report.dismiss' : 'report.remove',
        target: `post:${postId}`,
        detail: { reports, status: post.status, ...(body.reason ? { reason: body.reason } : {}) },
      });
      return updated;
    });
    return (await this.deps.posts.views(actorId, [row], { detail: true }))[0]!;
  }

  /** An operator takes any post down (its open reports are upheld); the author is told why. */
  async removePost(actorId: number, postId: number, reason: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const post = await repo.lockedPost(tx, postId);
      if (!post) throw AppError.notFound('帖子不存在');
      if (post.status === 'deleted') throw new AppError(ErrorCode.CONFLICT, '该帖子已删除');
      const reports = await this.closeReports(tx, postId, 'remove', actorId);
      await this.takeDown(tx, post, reason);
      await this.deps.audit.record(tx, {
        actorId,
        action: 'post.remove',
        target: `post:${postId}`,
        detail: { reason, status: post.status, reports },
      });
    });
  }

  /** Deletes the post (when not yet deleted) and tells its author why. */
  private async takeDown(tx: Executor, post: PostRow, reason: string): Promise<PostRow> {
    if (post.status === 'deleted') return repo.updatePost(tx, post.id, { reportCount: 0 });
    const now = this.ctx.clock.now();
    const row = await repo.updatePost(tx, post.id, {
      status: 'deleted',
      deletedAt: now,
      updatedAt: now,
      reportCount: 0,
    });
    await this.deps.notices.notify(tx, post.authorId, authorNotice.removed(post, reason));
    return row;
  }

  /** Resolves the post's open reports and tells each reporter the outcome; returns how many there were. */
  private async closeReports(
    tx: Executor,
    postId: number,
    resolution: 'dismiss' | 'remove',
    actorId: number,
  ) {
    const reporters = await repo.resolveOpen(tx, postId, {
      resolution,
      resolvedBy: actorId,
      resolvedAt: this.ctx.clock.now(),
    });
    for (const id of reporters) await this.deps.notices.notify(tx, id, reporterNotice(resolution));
    return reporters.length;
  }
}
