import { z } from 'zod';

/**
 * What an upload is for: each purpose has its own size limit and accepted types
 * (docs/product.md, Uploads and images).
 */
export const UPLOAD_PURPOSES = ['avatar', 'bot_avatar', 'post_image', 'knowledge_doc'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const DOCUMENT_TYPES = [
  'text/plain',
  'text/markdown',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

const MB = 1024 * 1024;

/** Per purpose: largest file, accepted types (checked by content), and whether anyone may read it. */
export const UPLOAD_RULES: Record<
  UploadPurpose,
  { maxBytes: number; accept: readonly string[]; public: boolean; label: string }
> = {
  avatar: { maxBytes: 5 * MB, accept: IMAGE_TYPES, public: true, label: 'JPG、PNG、WebP、GIF图片' },
  bot_avatar: { maxBytes: 5 * MB, accept: IMAGE_TYPES, public: true, label: 'JPG、PNG、WebP、GIF图片' },
  post_image: { maxBytes: 10 * MB, accept: IMAGE_TYPES, public: true, label: 'JPG、PNG、WebP、GIF图片' },
  knowledge_doc: {
    maxBytes: 20 * MB,
    accept: DOCUMENT_TYPES,
    public: false,
    label: 'TXT、Markdown、PDF、Word（docx）文件',
  },
};

/** A grant is good for this long, and for one file. */
export const UPLOAD_GRANT_TTL_SECONDS = 10 * 60;
/** Uploaded images are re-encoded to fit inside this many pixels on the longer side. */
export const IMAGE_MAX_DIMENSION = 2048;
/**
 * GET /api/v1/upload/token?purpose= (the client contract's call sends no purpose: a general image,
 * `post_image`).
 */
export const uploadTokenQuery = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: '上传用途不正确' }).default('post_image'),
});
export type UploadTokenQuery = z.input<typeof uploadTokenQuery>;

/**
 * A short-lived, single-use upload grant. The client posts `fields` and then the file (form field
 * `file_field`) as multipart/form-data to `upload_url` with `method` and `headers` (for `PUT`: the file is the
 * whole body). When `complete_url` is set (direct upload to object storage), it then posts `{ token, name }`
 * there with its login token; otherwise the upload's answer already is the upload.
 */
export const uploadGrant = z.object({
  token: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
  max_bytes: z.number().int(),
  accept: z.array(z.string()),
  expires_at: z.string(),
  /** Relative (`/api/v1/upload`: the app itself) or absolute (the object store). */
  upload_url: z.string(),
  method: z.enum(['POST', 'PUT']),
  fields: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
  file_field: z.string(),
  complete_url: z.string().nullable(),
});
export type UploadGrant = z.infer<typeof uploadGrant>;

/** POST /api/v1/upload/complete: after a direct upload to object storage. */
export const uploadCompleteBody = z.object({
  token: z.string({ error: '缺少上传凭证' }).min(1, '缺少上传凭证').max(200, '上传凭证不正确'),
  /** The file's own name, for display; never used as a path. */
  name: z.string().max(1000, '文件名过长').optional(),
});
export type UploadCompleteBody = z.input<typeof uploadCompleteBody>;

export const uploadInfo = z.object({
  id: z.number().int(),
  purpose: z.enum(UPLOAD_PURPOSES),
  /** Public images: `/media/u/...` (append `@w{width}` for a width); private files: the owner-only download. */
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type UploadInfo = z.infer<typeof uploadInfo>;

export const uploadIdParams = z.object({
  id: z.coerce.number({ error: '上传编号不正确' }).int('上传编号不正确').positive('上传编号不正确'),
});
