import type { NoticeCategory, UnreadCounts } from '@lingxi/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { decodeIdCursor, encodeIdCursor } from '../../platform/http/cursor.js';
import type { AuditService } from '../admin/audit.service.js';
import { presentNotice } from './notices.presenter.js';
import { noticesRepository as repo } from './notices.repository.js';

export type NoticeInput = {
  category: NoticeCategory;
  type: string;
  title: string;
  body: string;
  link?: string | null;
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
    return presentNotice(row, 0);
  }

  async unread(userId: number): Promise<UnreadCounts> {
    const counts = await repo.unreadCounts(this.db, userId);
    const system = counts.get('system') ?? 0;
    const review = counts.get('review') ?? 0;
    const interaction = counts.get('interaction') ?? 0;
    return { system, review, interaction, total: system + review + interaction };
  }

  /**
   * A page of a category, newest first. Opening the category (its first page) marks it read; `read` tells
   * what had been read before this opening, so the page can still highlight what is new.
   */
  async list(userId: number, category: NoticeCategory, cursor: string | undefined, limit: number) {
    const before = decodeIdCursor(cursor);
    const [rows, readUpTo] = await Promise.all([
      repo.list(this.db, userId, category, before, limit),
      repo.readUpTo(this.db, userId, category),
    ]);
    const newest = rows[0];
    if (!before && newest && newest.id > readUpTo) {
      await repo.markRead(this.db, userId, category, newest.id, this.clock.now());
    }
    return {
      list: rows.map((n) => presentNotice(n, readUpTo)),
      next_cursor: rows.length === limit ? encodeIdCursor(rows.at(-1)!.id) : null,
    };
  }
}
