import type { AdminBroadcast, Notice, NoticeCategory, UnreadCounts } from '@lingxi/contract';
import { localize } from '../../platform/i18n/localize.js';
import type { NoticeRow } from './notices.repository.js';
import type { BroadcastRow, NoticeActor } from './notices.service.js';

/**
 * An aggregated row's title as users read it (docs/community.md, Messages): "小明 赞了你的帖子", "小明、小红
 * 赞了你的帖子", "小明、小红等 3 人赞了你的帖子". `verb` is what the row stores as its title.
 */
export function interactionTitle(actors: NoticeActor[], count: number, verb: string): string {
  const names = actors.slice(0, 2).map((a) => a.nickname);
  if (!names.length) return count > 1 ? `${count} 人${verb}` : `有人${verb}`;
  if (names.length === count) return `${names.join('、')} ${verb}`;
  return `${names.join('、')}等 ${count} 人${verb}`;
}

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
    ? { title: interactionTitle(actors, n.actorCount, n.title), body: n.body }
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
