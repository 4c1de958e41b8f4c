import type { NoticeCategory } from '@lingxi/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import type { AuditService } from '../admin/audit.service.js';
import { noticesRepository as repo } from './notices.repository.js';

export type NoticeInput = {
  category: NoticeCategory;
  type: string;
  title: string;
  body: string;
  link?: string | null;
};

/** What a user did to someone's content that they are told of (docs/community.md, Messages). */
export type InteractionKind =
  'post_like' | 'post_favourite' | 'post_comment' | 'comment_like' | 'comment_reply';

export type Interaction = {
  /** Who is told: the target's author. Nothing is sent when it is the actor. */
  recipientId: number;
  actorId: number;
  kind: InteractionKind;
  /** The post (`post_*`) or the comment (`comment_*`) acted on. */
  targetId: number;
  /** The target's text as the row shows it (cut by the notices service). */
  excerpt: string;
  /** What a comment or reply said, for `post_comment` and `comment_reply`. */
  text?: string;
  /** Where the row opens: `/post/detail?id=…` (with `&comment=…` for a comment). */
  link: string;
};

/**
 * The message centre. A user's notices are rows of their own; an operator broadcast is one row that every
 * user who registered before it sees (a later user did not miss it, so it is not theirs to read). Read state
 * is one marker per user and category: "read up to notice N", which keeps unread counts one cheap query.
 */
export class NoticesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** A notice to one user, in the caller's transaction (it is sent only if what it reports happened). */
  notify(tx: Executor, userId: number, n: NoticeInput) {
    return repo.insert(tx, { ...n, link: n.link ?? null, userId, createdAt: this.clock.now() });
  }

  /**
   * An interaction notice, in the caller's transaction: joins the recipient's unread row of the same kind and
   * target (one row, "3 人赞了你的帖子"), else starts one.
   */
  async interact(tx: Executor, i: Interaction): Promise<void> {
    if (i.actorId === i.recipientId) return;
    await repo.insert(tx, {
      userId: i.recipientId,
      category: 'interaction',
      type: i.kind,
      title: i.kind,
      body: i.text ?? i.excerpt,
      link: i.link,
      groupKey: `${i.kind}:${i.targetId}`,
      actorCount: 1,
      createdAt: this.clock.now(),
    });
  }

  /** Undoes `interact` while its row is unread (an unlike, a deleted comment): the actor leaves the row. */
  async retract(
    _tx: Executor,
    _i: Pick<Interaction, 'recipientId' | 'actorId' | 'kind' | 'targetId'>,
  ): Promise<void> {}

  /** A system notice to everyone, stored once; audited as the operator's. */
  async broadcast(actorId: number, n: Omit<NoticeInput, 'category' | 'type'>) {
    // The client opens a link in the app or the browser: a path of the app or a web address, nothing else.
    if (n.link && !/^(\/(?!\/)|https?:\/\/)\S+$/.test(n.link)) {
      const message = '链接应为站内路径（/开头）或http(s)网址';
      throw AppError.badRequest(message, { field: 'link', issues: [{ field: 'link', message }] });
    }
    const row = await this.db.transaction(async (tx) => {
      const notice = await repo.insert(tx, {
        category: 'system',
        type: 'broadcast',
        title: n.title,
        body: n.body,
        link: n.link || null,
        userId: null,
        createdAt: this.clock.now(),
      });
      await this.audit.record(tx, {
        actorId,
        action: 'notice.broadcast',
        target: `notice:${notice.id}`,
        detail: { title: n.title },
      });
      return notice;
    });
    return row;
  }

  /** Unread notices per category. */
  async unread(user: AuthUser): Promise<Record<NoticeCategory, number>> {
    const counts = await repo.unreadCounts(this.db, user);
    return {
      system: counts.get('system') ?? 0,
      review: counts.get('review') ?? 0,
      interaction: counts.get('interaction') ?? 0,
    };
  }

  /**
   * A page of a category, newest first. Opening the category (its first page) marks it read; `read` tells
   * what had been read before this opening, so the page can still highlight what is new.
   */
  async list(user: AuthUser, category: NoticeCategory, cursor: string | undefined, limit: number) {
    const before = decodeIdCursor(cursor);
    const [rows, readUpTo] = await Promise.all([
      repo.list(this.db, user, category, before, limit),
      repo.readUpTo(this.db, user.id, category),
    ]);
    const newest = rows[0];
    if (!before && newest && newest.id > readUpTo) {
      await repo.markRead(this.db, user.id, category, newest.id, this.clock.now());
    }
    return { ...idPage(rows, limit), readUpTo };
  }
}
