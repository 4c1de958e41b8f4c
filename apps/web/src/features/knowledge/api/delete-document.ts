import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** DELETE /api/v1/knowledge/{id}/document/{docId}: the document with its passages. */
export function deleteDocument(input: { baseId: number; docId: number }): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/knowledge/${input.baseId}/document/${input.docId}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all }),
  });
}
