import type { BotPreviewBody, PreviewDone, PreviewError, PreviewStart, StreamDelta } from '@lingxi/contract';
import { streamRequest, type StreamEvent } from '../../../lib/stream-request';

/** The events of a preview reply: like a chat reply's, but nothing is stored, so there are no messages. */
export interface PreviewEvents {
  start: PreviewStart;
  delta: StreamDelta;
  done: PreviewDone;
  error: PreviewError;
}
export type PreviewEvent = StreamEvent<PreviewEvents>;

/**
 * POST /api/v1/bot/preview: a reply of the editor's unsaved settings to the preview conversation, streamed as
 * Server-Sent Events. It costs chips like a reply. Refusals reject with their ApiError and no toast.
 */
export function previewBot(body: BotPreviewBody, signal?: AbortSignal): AsyncGenerator<PreviewEvent> {
  return streamRequest<PreviewEvents>('/api/v1/bot/preview', {
    data: body,
    signal,
    hideErrorToast: true,
    finalEvents: ['done', 'error'],
  });
}
