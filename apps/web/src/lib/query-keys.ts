import type { BotListQuery, ContentSlug, Gender, NoticeCategory, PostFeedQuery } from '@lingxi/contract';

/** What the discover list is filtered by: the catalogue's query without its paging. */
export type BotListFilter = Omit<BotListQuery, 'cursor' | 'limit'>;

/**
 * Every query key of the app, in one place. Keys nest: invalidating a prefix (`queryKeys.bots.all`) refreshes
 * every query under it, whichever feature made it, so a key is never spelled out anywhere else. Keys of data that
 * depend on who is logged in carry the token, so another account never sees a cached answer of the last one.
 */
export const queryKeys = {
  user: {
    /** Everything about the logged-in user: dropped on logout. */
    all: ['user'] as const,
    profile: (token: string | null) => ['user', 'profile', token] as const,
    chipRecords: () => ['user', 'chip-records'] as const,
    /** The money half (docs/money.md): under `user`, so logout drops it with the profile. */
    wallet: (token: string | null) => ['user', 'wallet', token] as const,
    orders: {
      all: ['user', 'orders'] as const,
      list: (token: string | null) => ['user', 'orders', 'list', token] as const,
      one: (orderNo: string) => ['user', 'orders', 'one', orderNo] as const,
      sandbox: (orderNo: string) => ['user', 'orders', 'sandbox', orderNo] as const,
    },
    invite: {
      all: ['user', 'invite'] as const,
      count: (token: string | null) => ['user', 'invite', 'count', token] as const,
      rewards: (token: string | null) => ['user', 'invite', 'rewards', token] as const,
    },
    earnings: {
      all: ['user', 'earnings'] as const,
      records: (token: string | null) => ['user', 'earnings', 'records', token] as const,
      withdrawals: (token: string | null) => ['user', 'earnings', 'withdrawals', token] as const,
      rules: (token: string | null) => ['user', 'earnings', 'rules', token] as const,
    },
  },
  /** VIP tiers, chip packages and the channels the server takes now (the same for everyone). */
  memberPlans: () => ['member-plans'] as const,
  bots: {
    /** Every bot query (catalogue, detail, favourites, the user's own): a favourite or an edit refreshes them. */
    all: ['bots'] as const,
    list: (filter: BotListFilter) => ['bots', 'list', filter] as const,
    home: () => ['bots', 'home'] as const,
    categories: () => ['bots', 'categories'] as const,
    detail: (id: number, token: string | null) => ['bots', 'detail', id, token] as const,
    favourites: (token: string | null) => ['bots', 'favourites', token] as const,
    /** The bots a post may carry: the user's favourites and own, public and published. */
    attachable: (token: string | null) => ['bots', 'attachable', token] as const,
    mine: {
      all: ['bots', 'mine'] as const,
      list: (token: string | null) => ['bots', 'mine', 'list', token] as const,
      edit: (id: number | null, token: string | null) => ['bots', 'mine', 'edit', id, token] as const,
    },
  },
  conversations: {
    /** Every conversation list (home, history, a bot's topics): a new reply or a deletion refreshes them. */
    all: ['conversations'] as const,
    list: (token: string | null, botId: number | undefined, limit: number) =>
      ['conversations', token, botId ?? 'all', limit] as const,
  },
  messages: (conversationId: number | null) => ['messages', conversationId] as const,
  notices: {
    all: ['notices'] as const,
    /** Opening a category invalidates this prefix, so the counts (and the tab bar badge) refresh. */
    unread: {
      all: ['notices', 'unread'] as const,
      of: (token: string | null) => ['notices', 'unread', token] as const,
    },
    list: (category: NoticeCategory, token: string | null) => ['notices', 'list', category, token] as const,
  },
  knowledge: {
    /** Every knowledge query, the bot editor's options included: a change to a base or a document refreshes them. */
    all: ['knowledge'] as const,
    list: (token: string | null) => ['knowledge', 'list', token] as const,
    base: (id: number) => ['knowledge', 'base', id] as const,
    documents: (baseId: number) => ['knowledge', 'documents', baseId] as const,
    options: (token: string | null) => ['knowledge', 'options', token] as const,
  },
  /** The community (docs/community.md): a like, a comment or a deletion refreshes everything under `all`. */
  posts: {
    all: ['posts'] as const,
    /** Every feed, every post's detail, every favourites list: a post changed in one is patched in all. */
    feeds: ['posts', 'feed'] as const,
    details: ['posts', 'detail'] as const,
    favouriteLists: ['posts', 'favourites'] as const,
    /** Every comment list and every reply list: a comment liked in one is patched in all. */
    commentLists: ['posts', 'comments'] as const,
    replyLists: ['posts', 'replies'] as const,
    feed: (tab: PostFeedQuery['tab'], topicId: number | undefined, token: string | null) =>
      ['posts', 'feed', tab, topicId ?? 'all', token] as const,
    detail: (id: number, token: string | null) => ['posts', 'detail', id, token] as const,
    comments: (postId: number, token: string | null) => ['posts', 'comments', postId, token] as const,
    replies: (commentId: number, token: string | null) => ['posts', 'replies', commentId, token] as const,
    favourites: (token: string | null) => ['posts', 'favourites', token] as const,
  },
  topics: () => ['topics'] as const,
  snippets: {
    all: ['snippets'] as const,
    /** Every list of snippets (a deletion refreshes them without refetching the deleted one). */
    lists: ['snippets', 'list'] as const,
    list: (token: string | null) => ['snippets', 'list', token] as const,
    one: (id: number, token: string | null) => ['snippets', 'one', id, token] as const,
  },
  blocks: (token: string | null) => ['blocks', token] as const,
  models: (token: string | null) => ['models', token] as const,
  setting: () => ['system', 'setting'] as const,
  content: (slug: ContentSlug) => ['content', slug] as const,
  avatars: (gender: Gender) => ['avatars', gender] as const,
  version: () => ['version'] as const,
};
