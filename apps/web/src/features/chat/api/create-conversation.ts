import type { Conversation, CreateConversationBody } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { seedEmptyMessages } from './get-messages';

/** POST /api/v1/conversation: a new topic with a bot. */
export function createConversation(botId: number): Promise<Conversation> {
  const body: CreateConversationBody = { bot_id: botId };
  return request.post<Conversation>('/api/v1/conversation', { data: body });
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: (conversation) => {
      seedEmptyMessages(queryClient, conversation.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
    },
  });
}
