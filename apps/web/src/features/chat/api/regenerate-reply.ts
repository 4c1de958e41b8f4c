import { streamRequest } from '../../../lib/stream-request';
import { REPLY_FINAL_EVENTS, type ReplyEvent, type ReplyEvents } from './send-message';

/** POST /api/v1/conversation/{id}/regenerate: replaces the last reply, streamed like a new one. */
export function regenerateReply(conversationId: number, signal?: AbortSignal): AsyncGenerator<ReplyEvent> {
  return streamRequest<ReplyEvents>(`/api/v1/conversation/${conversationId}/regenerate`, {
    data: {},
    signal,
    hideErrorToast: true,
    finalEvents: REPLY_FINAL_EVENTS,
  });
}
