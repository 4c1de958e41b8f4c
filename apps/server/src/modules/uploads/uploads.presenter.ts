import { UPLOAD_RULES, type UploadGrant, type UploadInfo } from '@lingxi/contract';
import type { IssuedGrant } from './grants.service.js';
import type { UploadRow } from './uploads.repository.js';

/** Public images are served under /media/u/ by their key; a private file only through its owner's download. */
export const urlOfUpload = (row: Pick<UploadRow, 'id' | 'key' | 'purpose'>) =>
  UPLOAD_RULES[row.purpose].public ? `/media/${row.key}` : `/api/v1/upload/${row.id}/file`;

export function presentUpload(row: UploadRow): UploadInfo {
  return {
    id: row.id,
    purpose: row.purpose,
    url: urlOfUpload(row),
    name: row.name,
    mime: row.mime,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

/** How the client sends the file: to this app (POST /upload), or straight to object storage, then completed. */
export function presentGrant({ token, purpose, expiresAt, direct }: IssuedGrant): UploadGrant {
  const rule = UPLOAD_RULES[purpose];
  return {
    token,
    purpose,
    max_bytes: rule.maxBytes,
    accept: [...rule.accept],
    expires_at: expiresAt.toISOString(),
    upload_url: direct?.url ?? '/api/v1/upload',
    method: direct?.method ?? 'POST',
    fields: direct ? direct.fields : { token },
    headers: direct?.headers ?? {},
    file_field: 'file',
    complete_url: direct ? '/api/v1/upload/complete' : null,
  };
}
