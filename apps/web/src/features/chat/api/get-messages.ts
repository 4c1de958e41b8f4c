import type { ChatMessage, MessageListQuery, Page } from '@lingxi/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

export const MESSAGE_PAGE_SIZE = 20;

/** GET /api/v1/conversation/{id}/message: newest first; `cursor` pages backwards to older messages. */
export function getMessages(
  conversationId: number,
  params: MessageListQuery,
  signal?: AbortSignal,
): Promise<Page<ChatMessage>> {
  return request.get<Page<ChatMessage>>(`/api/v1/conversation/${conversationId}/message`, {
    params: { limit: MESSAGE_PAGE_SIZE, ...params },
    signal,
  });
}

export const messagesQueryOptions = (conversationId: number | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId!, { cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: conversationId !== null,
    staleTime: 5 * 60_000,
  });

export function useMessages(conversationId: number | null) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}

type MessageData = InfiniteData<Page<ChatMessage>, string | undefined>;

/** An empty, complete message list: a conversation just created has nothing to fetch. */
export function seedEmptyMessages(queryClient: QueryClient, conversationId: number) {
  queryClient.setQueryData<MessageData>(queryKeys.messages(conversationId), {
    pages: [{ list: [], next_cursor: null }],
    pageParams: [undefined],
  });
}

/**
 * Writes messages into the cached list (newest first): a known id is replaced in place, a new one goes on top,
 * and `remove` takes messages out (the reply a regeneration replaced).
 */
export function patchMessages(
  queryClient: QueryClient,
  conversationId: number,
  upsert: readonly ChatMessage[],
  remove: readonly number[] = [],
) {
  queryClient.setQueryData<MessageData>(queryKeys.messages(conversationId), (data) => {
    const base: MessageData = data ?? { pages: [{ list: [], next_cursor: null }], pageParams: [undefined] };
    const incoming = new Map(upsert.map((m) => [m.id, m]));
    const gone = new Set(remove);
    const pages = base.pages.map((page) => ({
      ...page,
      list: page.list.flatMap((m) => {
        if (gone.has(m.id)) return [];
        const next = incoming.get(m.id);
        if (!next) return [m];
        incoming.delete(m.id);
        return [next];
      }),
    }));
    const fresh = [...incoming.values()].sort((a, b) => b.id - a.id);
    const [first, ...rest] = pages;
    return { ...base, pages: [{ ...first!, list: [...fresh, ...first!.list] }, ...rest] };
  });
}
