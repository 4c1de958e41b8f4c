import type { ChatMessage, RateMessageBody } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { patchMessages } from './get-messages';

export type Rating = RateMessageBody['rating'];

/** PUT /api/v1/message/{id}/rating: thumbs up (1), down (-1) or neither (0). */
export function rateMessage({ id, rating }: { id: number; rating: Rating }): Promise<ChatMessage> {
  const body: RateMessageBody = { rating };
  return request.put<ChatMessage>(`/api/v1/message/${id}/rating`, { data: body });
}

export function useRateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateMessage,
    onSuccess: (message) => patchMessages(queryClient, message.conversation_id, [message]),
  });
}
