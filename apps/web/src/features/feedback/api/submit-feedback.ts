import type { FeedbackBody, FeedbackData } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /api/v1/opinion: feedback with a type, the text and an optional contact. */
export function submitFeedback(body: FeedbackBody): Promise<FeedbackData> {
  return request.post<FeedbackData>('/api/v1/opinion', { data: body });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
