import type { UploadGrant, UploadPurpose, UploadTokenQuery } from '@lingxi/contract';
import { request, type RequestOptions } from '../request';

/**
 * GET /api/v1/upload/token?purpose=: a short-lived grant for one file (docs/product.md, Client contract). A
 * grant is single-use, so it is fetched right before each upload and never cached: see `lib/upload.ts`.
 */
export function getUploadToken(
  purpose: UploadPurpose,
  signal?: AbortSignal,
  marks: Pick<RequestOptions, 'hideErrorToast'> = {},
): Promise<UploadGrant> {
  const params: UploadTokenQuery = { purpose };
  return request.get<UploadGrant>('/api/v1/upload/token', { params, signal, ...marks });
}
