import type { AdminBroadcast, Notice, NoticeCategory, UnreadCounts } from '@lingxi/contract';
import { requestLocale } from '../../platform/http/request-context.js';
import { localize } from '../../platform/i18n/localize.js';
import { interactionTitle } from './interaction-titles.js';
import type { NoticeRow } from './notices.repository.js';
import type { BroadcastRow, NoticeActor } from './notices.service.js';

/**
 * A notice's words in the reader's locale (docs/i18n.md, Data the platform owns): a broadcast's title and text as
 * the operator translated them; a system notice's title from its row, its body (which quotes users' words) as
 * written.
 */
function textsOf(n: NoticeRow): { title: string; body: string } {
  if (n.userId === null) return localize({ title: n.title, body: n.body }, n.translations);
  return { title: localize({ title: n.title }, n.translations).title, body: n.body };
}

export const presentNotice = (n: NoticeRow, readUpTo: number, actors: NoticeActor[] = []): Notice => {
  const grouped = n.groupKey !== null;
  const texts = grouped
    ? {
        title: interactionTitle(
          actors.slice(0, 2).map((a) => a.nickname),
          n.actorCount,
          n.title,
          requestLocale(),
        ),
        body: n.body,
      }
    : textsOf(n);
  return {
    id: n.id,
    category: n.category,
    type: n.type,
    title: texts.title,
    body: texts.body,
    link: n.link,
    read: n.id <= readUpTo,
    actors: grouped ? actors.map((a) => ({ id: a.id, nickname: a.nickname, avatar: a.avatar })) : [],
    actor_count: grouped ? n.actorCount : 0,
    created_at: n.createdAt.toISOString(),
  };
};

export const presentUnread = (c: Record<NoticeCategory, number>): UnreadCounts => ({
  ...c,
  total: c.system + c.review + c.interaction,
});

export const presentAdminBroadcast = (n: BroadcastRow): AdminBroadcast => ({
  id: n.id,
  title: n.title,
  body: n.body,
  link: n.link,
  sender: n.sender,
  created_at: n.createdAt.toISOString(),
  translations: n.translations,
});
