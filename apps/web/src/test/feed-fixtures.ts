import type { BotSummary, Comment, CommentThread, Post, PostImage, PostSnippet } from '@lingxi/contract';

/** Community fixtures for the feed, the post detail and my collection. */

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 1,
    author: { id: 2, nickname: '阿青', avatar: '/media/avatars/a.svg' },
    content: '今天让写作助手帮我写了一首诗',
    images: [],
    bot: null,
    snippet: null,
    topic: null,
    status: 'published',
    reject_reason: null,
    like_count: 3,
    comment_count: 0,
    favourite_count: 1,
    liked: false,
    favourited: false,
    is_mine: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function makeImages(
  count: number,
  size: { width: number; height: number } = { width: 800, height: 600 },
) {
  return Array.from({ length: count }, (_, i): PostImage => ({
    url: `/media/u/${String(i).padStart(22, 'a')}.jpg`,
    ...size,
  }));
}

export function makePostSnippet(overrides: Partial<PostSnippet> = {}): PostSnippet {
  return {
    title: '一段关于春天的对话',
    note: '很有意思',
    bot: { id: 5, name: '写作助手', avatar: '/media/avatars/bot/writer.svg' },
    messages: [
      { role: 'user', content: '写一首关于春天的诗' },
      { role: 'assistant', content: '春风拂面柳丝长' },
    ],
    message_count: 2,
    created_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeBotSummary(overrides: Partial<BotSummary> = {}): BotSummary {
  return {
    id: 5,
    name: '写作助手',
    avatar: '/media/avatars/bot/writer.svg',
    intro: '帮你写文章、改文案',
    category: 'writing',
    tags: ['写作'],
    is_system: true,
    creator: null,
    stats: { chats: 10, users: 3, favourites: 1 },
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 100,
    post_id: 1,
    root_id: null,
    author: { id: 3, nickname: '小白', avatar: '/media/avatars/b.svg' },
    reply_to: null,
    content: '写得真好',
    status: 'published',
    like_count: 0,
    liked: false,
    reply_count: 0,
    can_delete: false,
    created_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

export function makeThread(overrides: Partial<CommentThread> = {}): CommentThread {
  return { ...makeComment(), replies: [], ...overrides };
}
