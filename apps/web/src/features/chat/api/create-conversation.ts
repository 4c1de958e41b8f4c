import type { Conversation } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONVERSATIONS_KEY } from '../../../lib/api/get-conversations';
import { request } from '../../../lib/request';
import { seedEmptyMessages } from './get-messages';

/** POST /api/v1/conversation: a new topic with a bot. */
export function createConversation(botId: number): Promise<Conversation> {
  return request.post<Conversation>('/api/v1/conversation', { data: { bot_id: botId } });
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: (conversation) => {
      seedEmptyMessages(queryClient, conversation.id);
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}
