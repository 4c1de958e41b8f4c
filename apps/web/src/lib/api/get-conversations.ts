import type { Conversation } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../request';
import { useSession } from '../session';

export interface ConversationPage {
  list: Conversation[];
  next_cursor: string | null;
}

/**
 * GET /api/v1/conversation: the user's conversations, newest first, optionally of one bot. Shared by the home,
 * history and chat pages, so it lives here rather than in one feature.
 */
export function getConversations(
  params: { bot_id?: number; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return request.get<ConversationPage>('/api/v1/conversation', { params, signal });
}

/** Every cached conversation list starts with this key, so one invalidation refreshes them all. */
export const CONVERSATIONS_KEY = ['conversations'] as const;

export const conversationsQueryOptions = (token: string | null, botId?: number, limit = 20) =>
  infiniteQueryOptions({
    queryKey: [...CONVERSATIONS_KEY, token, botId ?? 'all', limit],
    queryFn: ({ pageParam, signal }) => getConversations({ bot_id: botId, cursor: pageParam, limit }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });

/** The logged-in user's conversations (nothing while logged out). */
export function useConversations(options: { botId?: number; limit?: number } = {}) {
  const { token } = useSession();
  return useInfiniteQuery(conversationsQueryOptions(token, options.botId, options.limit));
}
