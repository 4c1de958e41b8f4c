import { cutGraphemes, type InteractionKind, type NoticeCategory, type Translations } from '@lingxi/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import { dayWindow, pageWindow, type CountedPage } from '../../platform/http/admin-page.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService } from '../admin/audit.service.js';
import { noticeTitleTranslations } from './notice-titles.js';
import { type NoticeRow, noticesRepository as repo } from './notices.repository.js';
import { INTERACTION_VERBS } from './interaction-titles.js';

export type NoticeInput = {
  category: NoticeCategory;
  type: string;
  title: string;
  body: string;
  link?: string | null;
};

/** A broadcast as the console lists it: with the operator who sent it. */
export type BroadcastRow = NoticeRow & {
  sender: { id: number; nickname: string; phone: string | null } | null;
};
type BroadcastQuery = {
  page: number;
  page_size: number;
  q?: string;
  order?: 'asc' | 'desc';
  from?: string;
  to?: string;
};

/** What a user did to someone's content that they are told of: the contract's kinds (docs/community.md, Messages). */
export type { InteractionKind } from '@lingxi/contract';

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
  /**
   * The comment whose words the row shows (`text`'s, else `excerpt`'s when that is a comment), so that its
   * deletion takes them off the row (`unquote`).
   */
  quotes?: number | null;
  /** Where the row opens: `/post/detail?id=…` (with `&comment=…` for a comment). */
  link: string;
};

/** Kinds whose row shows what the actor wrote rather than the target's excerpt. */
const TEXT_KINDS = new Set<InteractionKind>(['post_comment', 'comment_reply']);
/** How much of a text a notice shows, in characters as users see them. */
const EXCERPT_MAX = 60;
/** Actors a row shows (newest first); the title names the first two. */
const ACTORS_SHOWN = 3;

const groupKeyOf = (i: Pick<Interaction, 'kind' | 'targetId'>) => `${i.kind}:${i.targetId}`;

/**
 * How a notice quotes a text: on one line, at most `max` characters as users see them, with … when cut (an
 * interaction row's body, and the 「…」 of review notices).
 */
export function quote(text: string, max = EXCERPT_MAX): string {
  return cutGraphemes(text.replace(/\s+/g, ' ').trim(), max, '…');
}

/** What a retract or requote is about: the recipient's group (kind and target) and the actor. */
type Group = Pick<Interaction, 'recipientId' | 'actorId' | 'kind' | 'targetId'>;

/** Who acted in an interaction notice, as the list shows them. */
export type NoticeActor = { id: number; nickname: string; avatar: string };

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
    private readonly account: AccountService,
  ) {}

  /** A notice to one user, in the caller's transaction (it is sent only if what it reports happened). */
  notify(tx: Executor, userId: number, n: NoticeInput) {
    // The title in every locale, as written now (docs/i18n.md, Data the platform owns).
    const translations = noticeTitleTranslations(n.title);
    return repo.insert(tx, { ...n, link: n.link ?? null, userId, translations, createdAt: this.clock.now() });
  }

  /**
   * An interaction notice, in the caller's transaction (call it last there, after the counters it reports:
   * docs/community.md, Messages). Joins the recipient's unread row of the same kind and target ("3 人赞了你的
   * 帖子"), which is written again on top (a new id: it sorts as the newest and stays unread) with the latest
   * text; else starts one. Nothing is sent for one's own action.
   */
  async interact(tx: Executor, i: Interaction): Promise<void> {
    if (i.actorId === i.recipientId) return;
    const groupKey = groupKeyOf(i);
    const now = this.clock.now();
    await repo.lockGroup(tx, i.recipientId, groupKey);
    const readUpTo = await repo.readUpTo(tx, i.recipientId, 'interaction');
    const open = await repo.unreadGroupRow(tx, i.recipientId, groupKey, readUpTo);
    const row = await repo.insert(tx, {
      userId: i.recipientId,
      category: 'interaction',
      type: i.kind,
      title: INTERACTION_VERBS[i.kind],
      body: quote(i.text ?? i.excerpt),
      quotedCommentId: i.quotes ?? null,
      link: i.link,
      groupKey,
      createdAt: now,
    });
    if (open) {
      await repo.moveActors(tx, open.id, row.id);
      await repo.remove(tx, open.id);
    }
    await repo.addActor(tx, row.id, i.actorId, now);
    await repo.recount(tx, row.id);
  }

  /**
   * Undoes `interact` while its row is unread (an unlike, a deleted comment), in the caller's transaction: the
   * actor leaves the row, and a row nobody is left in goes. A read row stays as it was (history). When the
   * row showed the leaving actor's text (a comment), it shows `excerpt` (the target's, which `quotes` the
   * target comment when it is one) instead.
   */
  async retract(tx: Executor, i: Group & { excerpt?: string; quotes?: number | null }): Promise<void> {
    if (i.actorId === i.recipientId) return;
    const groupKey = groupKeyOf(i);
    await repo.lockGroup(tx, i.recipientId, groupKey);
    const readUpTo = await repo.readUpTo(tx, i.recipientId, 'interaction');
    const open = await repo.unreadGroupRow(tx, i.recipientId, groupKey, readUpTo);
    if (!open) return;
    const newest = await repo.newestActor(tx, open.id);
    if (!(await repo.removeActor(tx, open.id, i.actorId))) return;
    const showedTheirText = TEXT_KINDS.has(i.kind) && newest === i.actorId;
    const show = { body: quote(i.excerpt ?? ''), quotedCommentId: i.quotes ?? null };
    const left = await repo.recount(tx, open.id, showedTheirText ? show : undefined);
    if (left === 0) await repo.remove(tx, open.id);
  }

  /**
   * The actor stays in the row (they have another comment there) but the comment `from` is gone: an unread row
   * that showed it shows `text`, their other comment `quotes`, instead. In the caller's transaction.
   */
  async requote(tx: Executor, i: Group & { from: number; text: string; quotes: number }): Promise<void> {
    if (i.actorId === i.recipientId) return;
    const groupKey = groupKeyOf(i);
    await repo.lockGroup(tx, i.recipientId, groupKey);
    const readUpTo = await repo.readUpTo(tx, i.recipientId, 'interaction');
    const open = await repo.unreadGroupRow(tx, i.recipientId, groupKey, readUpTo);
    if (open?.quotedCommentId === i.from) {
      await repo.show(tx, open.id, { body: quote(i.text), quotedCommentId: i.quotes });
    }
  }

  /**
   * A comment was deleted or removed: every row still quoting it, read or not, shows `bodies[kind]` instead
   * (else `otherwise`), so its words stay on no one's screen (docs/community.md, Messages).
   */
  async unquote(
    tx: Executor,
    commentId: number,
    bodies: Partial<Record<InteractionKind, string>>,
    otherwise: string,
  ): Promise<void> {
    for (const [kind, body] of Object.entries(bodies)) {
      await repo.unquote(tx, commentId, quote(body), kind);
    }
    await repo.unquote(tx, commentId, quote(otherwise));
  }

  /** A system notice to everyone, stored once; audited as the operator's. */
  async broadcast(
    actorId: number,
    n: Omit<NoticeInput, 'category' | 'type'> & { translations?: Translations },
  ) {
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
        sentBy: actorId,
        translations: n.translations ?? {},
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

  /** The broadcasts sent, newest first (or oldest, by `order`), with who sent each (docs/admin.md, Content). */
  async broadcasts(q: BroadcastQuery): Promise<CountedPage<BroadcastRow>> {
    const filter = { q: q.q || undefined, ...dayWindow(q) };
    const [rows, total] = await Promise.all([
      repo.broadcasts(this.db, filter, q.order ?? 'desc', pageWindow(q)),
      repo.broadcastCount(this.db, filter),
    ]);
    const senders = await this.account.briefs(rows.flatMap((r) => (r.sentBy ? [r.sentBy] : [])));
    return { rows: rows.map((r) => ({ ...r, sender: (r.sentBy && senders.get(r.sentBy)) || null })), total };
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
    return { ...idPage(rows, limit), readUpTo, actors: await this.actorsOf(rows) };
  }

  /** The newest actors of each aggregated row of a page, with their names and avatars as they are now. */
  private async actorsOf(rows: NoticeRow[]): Promise<Map<number, NoticeActor[]>> {
    const grouped = rows.filter((r) => r.groupKey !== null).map((r) => r.id);
    const ranked = await repo.actorsOf(this.db, grouped, ACTORS_SHOWN);
    const profiles = await this.account.publicProfiles(ranked.map((a) => a.actorId));
    const actors = new Map<number, NoticeActor[]>();
    for (const a of ranked) {
      const p = profiles.get(a.actorId);
      if (!p) continue;
      actors.set(a.noticeId, [...(actors.get(a.noticeId) ?? []), { id: a.actorId, ...p }]);
    }
    return actors;
  }
}
