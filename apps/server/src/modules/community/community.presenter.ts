import {
  cutGraphemes,
  SNIPPET_LIST_PREVIEW,
  type BlockData,
  type BlockedUser,
  type LikeData,
  type Post,
  type PostFavouriteData,
  type PostSnippet,
  type UserBrief,
} from '@lingxi/contract';
import type { PostSnippetRow, SnippetMessageRow } from '../../db/schema/community.js';
import { presentBotSummary } from '../bots/bots.service.js';
import type { BlockedView } from './blocks.service.js';
import type { PostView } from './posts.service.js';

export const presentUserBrief = (u: { id: number; nickname: string; avatar: string }): UserBrief => ({
  id: u.id,
  nickname: u.nickname,
  avatar: u.avatar,
});

/** A list's preview of saved messages: the first few, each cut to graphemes (docs/community.md, Snippets). */
export function previewMessages(messages: SnippetMessageRow[]): SnippetMessageRow[] {
  return messages.slice(0, SNIPPET_LIST_PREVIEW.messages).map((m) => ({
    role: m.role,
    content: cutGraphemes(m.content, SNIPPET_LIST_PREVIEW.chars, '…'),
  }));
}

function presentPostSnippet(s: PostSnippetRow, bot: PostView['snippetBot'], detail: boolean): PostSnippet {
  return {
    title: s.title,
    note: s.note,
    bot,
    messages: detail ? s.messages : previewMessages(s.messages),
    message_count: s.messages.length,
    created_at: s.createdAt,
  };
}

export function presentPost(v: PostView): Post {
  const r = v.row;
  const mine = v.viewerId !== null && v.viewerId === r.authorId;
  return {
    id: r.id,
    author: presentUserBrief(v.author),
    content: r.content,
    images: r.images.map((i) => ({ url: i.url, width: i.width, height: i.height })),
    bot: v.bot ? presentBotSummary(v.bot) : null,
    snippet: r.snippet ? presentPostSnippet(r.snippet, v.snippetBot, v.detail) : null,
    topic: v.topic ? { id: v.topic.id, name: v.topic.name } : null,
    status: r.status,
    reject_reason: mine ? r.rejectReason : null,
    like_count: r.likeCount,
    comment_count: r.commentCount,
    favourite_count: r.favouriteCount,
    liked: v.liked,
    favourited: v.favourited,
    is_mine: mine,
    created_at: r.createdAt.toISOString(),
  };
}

export const presentLike = (r: { liked: boolean; likeCount: number }): LikeData => ({
  liked: r.liked,
  like_count: r.likeCount,
});

export const presentPostFavourite = (r: {
  favourited: boolean;
  favouriteCount: number;
}): PostFavouriteData => ({ favourited: r.favourited, favourite_count: r.favouriteCount });

export const presentBlock = (r: { blocked: boolean }): BlockData => ({ blocked: r.blocked });

export const presentBlockedUser = (b: BlockedView): BlockedUser => ({
  ...presentUserBrief(b),
  blocked_at: b.blockedAt.toISOString(),
});
