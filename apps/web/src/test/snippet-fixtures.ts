import type { BlockedUser, Notice, Snippet, Topic } from '@lingxi/contract';

export function makeSnippet(overrides: Partial<Snippet> = {}): Snippet {
  return {
    id: 9,
    title: '春天的诗',
    note: '写得真好',
    bot: { id: 5, name: '写作助手', avatar: '/media/avatars/bot/writer.svg' },
    messages: [
      { role: 'user', content: '写一首关于春天的诗' },
      { role: 'assistant', content: '春风又绿江南岸，明月何时照我还。' },
    ],
    message_count: 2,
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeTopic(overrides: Partial<Topic> = {}): Topic {
  return { id: 1, name: '好玩的对话', ...overrides };
}

/** An aggregated interaction notice (docs/community.md, Messages). */
export function makeInteraction(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 11,
    category: 'interaction',
    type: 'post_like',
    title: '小明、小红等 3 人赞了你的帖子',
    body: '今天和写作助手聊了一首诗',
    link: '/post/detail?id=31',
    read: false,
    actors: [
      { id: 2, nickname: '小明', avatar: '/media/avatars/m.svg' },
      { id: 3, nickname: '小红', avatar: '/media/avatars/h.svg' },
    ],
    actor_count: 3,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

export function makeBlockedUser(overrides: Partial<BlockedUser> = {}): BlockedUser {
  return {
    id: 2,
    nickname: '小明',
    avatar: '/media/avatars/m.svg',
    blocked_at: '2026-02-03T04:05:06.000Z',
    ...overrides,
  };
}
