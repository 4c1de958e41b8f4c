import type { SendMessageBody, StreamDelta, StreamDone, StreamError, StreamStart } from '@lingxi/contract';
import { streamRequest, type StreamEvent } from '../../../lib/stream-request';

/** The events of a reply stream: start, delta…, then done or error. */
export interface ReplyEvents {
  start: StreamStart;
  delta: StreamDelta;
  done: StreamDone;
  error: StreamError;
}
export type ReplyEvent = StreamEvent<ReplyEvents>;

/** A reply has said everything with one of these: its answer is then read to its end, never cut. */
export const REPLY_FINAL_EVENTS = ['done', 'error'] as const;

/**
 * POST /api/v1/conversation/{id}/message: sends the user's message; the reply streams back as Server-Sent Events.
 * Refusals reject with their ApiError and no toast: the chat page decides how to show each (a dialog for chips).
 */
export function sendMessage(
  conversationId: number,
  body: SendMessageBody,
  signal?: AbortSignal,
): AsyncGenerator<ReplyEvent> {
  return streamRequest<ReplyEvents>(`/api/v1/conversation/${conversationId}/message`, {
    data: body,
    signal,
    hideErrorToast: true,
    finalEvents: REPLY_FINAL_EVENTS,
  });
}
