import type { Conversation, ConversationListQuery, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';
import { useSession } from '../session';

/**
 * GET /api/v1/conversation: the user's conversations, newest first, optionally of one bot. Shared by the home,
 * history and chat pages, so it lives here rather than in one feature.
 */
export function getConversations(
  params: ConversationListQuery,
  signal?: AbortSignal,
): Promise<Page<Conversation>> {
  return request.get<Page<Conversation>>('/api/v1/conversation', { params, signal });
}

export const conversationsQueryOptions = (token: string | null, botId?: number, limit = 20) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.list(token, botId, limit),
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
