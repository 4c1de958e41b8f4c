import type { KnowledgeDocument } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** POST /api/v1/knowledge/{id}/document/{docId}/reprocess: read the document again (pending, next revision). */
export function reprocessDocument(input: { baseId: number; docId: number }): Promise<KnowledgeDocument> {
  return request.post<KnowledgeDocument>(
    `/api/v1/knowledge/${input.baseId}/document/${input.docId}/reprocess`,
  );
}

export function useReprocessDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all }),
  });
}
