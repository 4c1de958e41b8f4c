import type { AdminBroadcast, Notice, NoticeCategory, UnreadCounts } from '@lingxi/contract';
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

export const presentNotice = (n: NoticeRow, readUpTo: number, actors: NoticeActor[] = []): Notice => {
  const grouped = n.groupKey !== null;
  return {
    id: n.id,
    category: n.category,
    type: n.type,
    title: grouped ? interactionTitle(actors, n.actorCount, n.title) : n.title,
    body: n.body,
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
});
