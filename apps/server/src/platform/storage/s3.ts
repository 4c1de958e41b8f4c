import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../config.js';
import {
  assertSafeKey,
  type DirectUpload,
  type ObjectHead,
  readAll,
  type Storage,
  type StoredObject,
} from './storage.js';

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * The scale-out store: any S3-compatible bucket. Checksums are sent and checked only where the protocol
 * requires them: the SDK's newer defaults (CRC32 on every request) are not understood by every S3-compatible
 * service (OSS, COS, older MinIO).
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly config: StorageConfig['s3']) {
    this.bucket = config.bucket;
    // The SDK is pinned (package.json) at versions that support Node 20; its notice that later ones will not
    // would otherwise be printed by every process.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without keys the SDK's own chain applies (environment, instance role).
      credentials: config.accessKeyId
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    // PutObject needs the length up front; the app's objects are small enough to hold.
    const data = Buffer.isBuffer(body) ? body : await readAll(body);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: res.Body as Readable,
        contentType: res.ContentType ?? 'application/octet-stream',
        contentLength: res.ContentLength ?? 0,
      };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        contentType: res.ContentType ?? 'application/octet-stream',
        contentLength: res.ContentLength ?? 0,
      };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * POST (default): a signed form policy that fixes the key and lets the bucket itself refuse a file over
   * `maxBytes`. PUT (S3_UPLOAD_METHOD=put) for stores without POST policies: a presigned URL for the key. Either
   * way the app checks the object again when the client completes the upload.
   */
  async presignUpload(
    key: string,
    opts: { maxBytes: number; expiresInSeconds: number },
  ): Promise<DirectUpload> {
    assertSafeKey(key);
    if (this.config.uploadMethod === 'put') {
      const url = await getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), {
        expiresIn: opts.expiresInSeconds,
      });
      return { url, method: 'PUT', fields: {}, headers: {} };
    }
    const post = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [['content-length-range', 1, opts.maxBytes]],
      Expires: opts.expiresInSeconds,
    });
    // The policy is signed, not the address: browsers may reach the bucket by another one (a CDN, a proxy).
    const url = this.config.publicUrl ?? post.url;
    return { url, method: 'POST', fields: post.fields, headers: {} };
  }
}
