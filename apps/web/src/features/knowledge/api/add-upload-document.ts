import type { AddUploadDocumentBody, KnowledgeDocument } from '@lingxi/contract';
import { request } from '../../../lib/request';

/**
 * POST /api/v1/knowledge/{id}/document: a file already uploaded with purpose `knowledge_doc` joins the base
 * (pending). Quiet: the upload list shows a failure next to its file.
 */
export function addUploadDocument(baseId: number, uploadId: number): Promise<KnowledgeDocument> {
  const body: AddUploadDocumentBody = { upload_id: uploadId };
  return request.post<KnowledgeDocument>(`/api/v1/knowledge/${baseId}/document`, {
    data: body,
    hideErrorToast: true,
  });
}
