import type { Readable } from 'node:stream';

export type StoredObject = { body: Readable; contentType: string; contentLength: number };
export type ObjectHead = { contentType: string; contentLength: number };

/** A signed request a browser uses to put one file straight into the object store. */
export type DirectUpload = {
  url: string;
  method: 'POST' | 'PUT';
  /** Form fields to send before the file (POST). */
  fields: Record<string, string>;
  /** Headers to send (PUT). */
  headers: Record<string, string>;
};

/**
 * Where files live: the embedded store writes under DATA_DIR/uploads, the scale-out one to any S3-compatible
 * bucket (AWS S3, Aliyun OSS, Tencent COS, MinIO). Keys are the app's own (see assertSafeKey), never a
 * user's file name.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectHead | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing object is no error. */
  delete(key: string): Promise<void>;
  /**
   * A presigned request for a browser to upload one object of at most `maxBytes` to `key`, or null when the
   * store takes no direct uploads (disk: the app receives the file itself).
   */
  presignUpload(
    key: string,
    opts: { maxBytes: number; expiresInSeconds: number },
  ): Promise<DirectUpload | null>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.@-]{0,199}$/;

/**
 * Keys are `/`-separated segments of letters, digits, `_`, `-`, `.` and `@`, none starting with a dot: no
 * `..`, no absolute paths, no backslashes, no empty segments, nothing a file system or a URL reads specially.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => SEGMENT.test(s));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
}

/** Content types by the extension of the app's own keys (the disk store keeps no metadata beside a file). */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeOfKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return (ext && TYPES[ext]) || 'application/octet-stream';
}

export async function readAll(body: Readable, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.destroy();
      throw new RangeError('object larger than the limit');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
