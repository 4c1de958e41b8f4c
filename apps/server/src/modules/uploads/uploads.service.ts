import { randomBytes } from 'node:crypto';
import { ErrorCode, UPLOAD_RULES, UPLOADED_IMAGE_PATH, type UploadPurpose } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import {
  EXT_OF_FORMAT,
  ImageError,
  type ImageFormat,
  MIME_OF_FORMAT,
  reencodeImage,
} from '../../platform/images.js';
import { mediaPathOf } from '../../platform/media-path.js';
import { readAll, type StoredObject } from '../../platform/storage/index.js';
import type { MediaService } from '../media/media.service.js';
import { detectFileKind, sanitizeFileName } from './file-check.js';
import { GrantsService } from './grants.service.js';
import { type UploadRow, uploadsRepository as repo } from './uploads.repository.js';

const FORMAT_OF_MIME: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const tooLarge = (maxBytes: number) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `文件过大，最大${Math.floor(maxBytes / 1024 / 1024)}MB`);

/** A file the app receives itself: the form's fields come first, the file is read only once they pass. */
export type IncomingFile = {
  fields: Record<string, string>;
  filename: string;
  /** The file's bytes; throws tooLarge past `maxBytes`. */
  read(maxBytes: number): Promise<Buffer>;
};

/**
 * Uploads: a grant first, then the file, by the app (embedded disk storage) or straight to object storage and
 * then completed here. Either way the same check runs: type by content, size by purpose, images decoded and
 * encoded again without metadata. Each upload is a row with its owner; private ones are read by the owner only.
 */
export class UploadsService {
  private readonly grants: GrantsService;

  constructor(
    private readonly ctx: AppContext,
    private readonly media: MediaService,
  ) {
    this.grants = new GrantsService(ctx);
  }

  issueGrant(userId: number, purpose: UploadPurpose) {
    return this.grants.issue(userId, purpose);
  }

  /** POST /upload: the grant (a form field before the file) is checked and spent before the file is read. */
  async receive(file: IncomingFile): Promise<UploadRow> {
    const grant = await this.grants.check(file.fields.token ?? '', { purpose: file.fields.purpose });
    await this.grants.consume(grant);
    const data = await file.read(grant.maxBytes);
    return this.accept(grant, data, file.filename);
  }

  /** POST /upload/complete: the object a browser put into the storage is checked like any other file. */
  async complete(userId: number, token: string, name: string | undefined): Promise<UploadRow> {
    const { storage, log } = this.ctx;
    const grant = await this.grants.check(token, { userId });
    const staged = grant.stagingKey;
    if (!staged) throw AppError.badRequest('该上传凭证无需确认，文件已直接上传');
    const head = await storage.head(staged);
    // Not spent yet: the client may still be uploading.
    if (!head) throw AppError.badRequest('没有找到已上传的文件，请先上传');
    await this.grants.consume(grant);
    try {
      if (head.contentLength > grant.maxBytes) throw tooLarge(grant.maxBytes);
      const object = await storage.get(staged);
      if (!object) throw AppError.badRequest('没有找到已上传的文件，请先上传');
      const data = await readAll(object.body, grant.maxBytes).catch((err) => {
        throw err instanceof RangeError ? tooLarge(grant.maxBytes) : err;
      });
      return await this.accept(grant, data, name);
    } finally {
      await storage
        .delete(staged)
        .catch((err) => log.warn({ err, key: staged }, 'staged upload not deleted'));
    }
  }

  private async accept(
    grant: { userId: number; purpose: UploadPurpose; maxBytes: number },
    data: Buffer,
    rawName: string | undefined,
  ): Promise<UploadRow> {
    const rule = UPLOAD_RULES[grant.purpose];
    if (data.length === 0) throw AppError.badRequest('文件是空的');
    if (data.length > grant.maxBytes) throw tooLarge(grant.maxBytes);
    const notAllowed = (why = `文件类型不支持，请上传${rule.label}`) =>
      new AppError(ErrorCode.UPLOAD_TYPE_NOT_ALLOWED, why);
    const kind = await detectFileKind(data, rawName ?? '');
    if (!kind || !rule.accept.includes(kind.mime)) throw notAllowed();

    let file = {
      data,
      mime: kind.mime,
      ext: kind.ext,
      width: null as number | null,
      height: null as number | null,
    };
    const format = FORMAT_OF_MIME[kind.mime];
    if (format) {
      const image = await reencodeImage(data, format).catch((err) => {
        throw err instanceof ImageError ? notAllowed('图片已损坏或无法识别，请换一张') : err;
      });
      const { width, height } = image;
      file = {
        data: image.data,
        mime: MIME_OF_FORMAT[image.format],
        ext: EXT_OF_FORMAT[image.format],
        width,
        height,
      };
    }

    const key = `${rule.public ? 'u' : 'p'}/${randomBytes(16).toString('base64url')}.${file.ext}`;
    await this.ctx.storage.put(key, file.data, file.mime);
    const row = await repo.insertUpload(this.ctx.db, {
      userId: grant.userId,
      purpose: grant.purpose,
      key,
      name: sanitizeFileName(rawName, file.ext),
      mime: file.mime,
      bytes: file.data.length,
      width: file.width,
      height: file.height,
      createdAt: this.ctx.clock.now(),
    });
    return row;
  }

  /** An upload of the user's own; anyone else's reads as missing. */
  private async own(userId: number, id: number): Promise<UploadRow> {
    const row = await repo.uploadById(this.ctx.db, id);
    if (!row || row.userId !== userId) throw AppError.notFound('文件不存在');
    return row;
  }

  get(userId: number, id: number): Promise<UploadRow> {
    return this.own(userId, id);
  }

  async open(userId: number, id: number): Promise<{ upload: UploadRow; object: StoredObject }> {
    const upload = await this.own(userId, id);
    const object = await this.ctx.storage.get(upload.key);
    if (!object) throw AppError.notFound('文件不存在');
    return { upload, object };
  }

  async remove(userId: number, id: number): Promise<void> {
    const row = await this.own(userId, id);
    await repo.deleteUpload(this.ctx.db, row.id);
    await this.ctx.storage.delete(row.key);
    if (UPLOAD_RULES[row.purpose].public) await this.media.forget(row.key);
  }

  /**
   * The user's own uploads of this purpose by id (a post's images), in the order given; any other id (someone
   * else's, another purpose, unknown) refuses them all, naming the field `images`.
   */
  async ownImagesByIds(userId: number, ids: number[], purpose: UploadPurpose): Promise<UploadRow[]> {
    const rows = new Map((await repo.uploadsByIds(this.ctx.db, ids)).map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = rows.get(id);
      if (!row || row.userId !== userId || row.purpose !== purpose) {
        throw AppError.badRequest('只能使用自己上传的图片', { field: 'images' });
      }
      return row;
    });
  }

  /**
   * An image URL a user puts on their profile (or a bot, or a knowledge cover), resolved first as a browser
   * would (`mediaPathOf`): an uploaded one (`/media/u/...`, also as an absolute URL on this app's address) must
   * be their own upload for that purpose. Returns the path to store; the URL as given when it leads to another
   * host, and the resolved path when it is no upload, for the caller to judge.
   */
  async ownImageUrl(userId: number, url: string, purpose: UploadPurpose, field: string): Promise<string> {
    const path = mediaPathOf(url, this.ctx.config.publicUrl);
    if (path === null) return url;
    if (!path.startsWith('/media/u/')) return path;
    const refuse = () => AppError.badRequest('只能使用自己上传的图片', { field });
    if (!UPLOADED_IMAGE_PATH.test(path)) throw refuse();
    const row = await repo.uploadByKey(this.ctx.db, path.slice('/media/'.length));
    if (!row || row.userId !== userId || row.purpose !== purpose) throw refuse();
    return path;
  }
}
