import type { HitTestBody, HitTestResult } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /api/v1/knowledge/{id}/hit-test: what a question retrieves from the base, with scores. */
export function hitTest(input: { baseId: number; body: HitTestBody }): Promise<HitTestResult> {
  return request.post<HitTestResult>(`/api/v1/knowledge/${input.baseId}/hit-test`, { data: input.body });
}

export function useHitTest() {
  return useMutation({ mutationFn: hitTest });
}
