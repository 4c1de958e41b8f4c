import type { AddTextDocumentBody, KnowledgeDocument } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** POST /api/v1/knowledge/{id}/document/text: pasted text becomes a document (pending). */
export function addTextDocument(input: {
  baseId: number;
  body: AddTextDocumentBody;
}): Promise<KnowledgeDocument> {
  return request.post<KnowledgeDocument>(`/api/v1/knowledge/${input.baseId}/document/text`, {
    data: input.body,
  });
}

export function useAddTextDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTextDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all }),
  });
}
