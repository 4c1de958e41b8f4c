import { UPLOAD_RULES, type UploadInfo } from '@lingxi/contract';
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
