import type { OkData, ReportBody } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /api/v1/post/{id}/report: a reason from the list and an optional word more. */
export function reportPost({ postId, body }: { postId: number; body: ReportBody }): Promise<OkData> {
  return request.post<OkData>(`/api/v1/post/${postId}/report`, { data: body });
}

export const useReportPost = () => useMutation({ mutationFn: reportPost });
