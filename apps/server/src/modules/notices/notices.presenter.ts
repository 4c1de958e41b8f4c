import type { Notice, NoticeCategory, UnreadCounts } from '@lingxi/contract';
import type { NoticeRow } from './notices.repository.js';

export const presentNotice = (n: NoticeRow, readUpTo: number): Notice => ({
  id: n.id,
  category: n.category,
  type: n.type,
  title: n.title,
  body: n.body,
  link: n.link,
  read: n.id <= readUpTo,
  actors: [],
  actor_count: n.actorCount,
  created_at: n.createdAt.toISOString(),
});

export const presentUnread = (c: Record<NoticeCategory, number>): UnreadCounts => ({
  ...c,
  total: c.system + c.review + c.interaction,
});
