import type { Readable } from 'node:stream';
import { IMAGE_WIDTHS, snapImageWidth } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { EXT_OF_FORMAT, type ImageFormat, MIME_OF_FORMAT, renderVariant } from '../../platform/images.js';
import { readAll } from '../../platform/storage/index.js';

/** `{id}.{ext}` with an optional width suffix `@w{width}`: the file part of /media/u/... */
const UPLOADED_FILE = /^([A-Za-z0-9_-]{22})\.(jpg|png|webp|gif)(?:@w([1-9]\d{0,4}))?$/;
const FORMAT_OF_EXT: Record<string, ImageFormat> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };

export type Delivery = {
  body: Readable | Buffer;
  contentType: string;
  contentLength: number;
  /** The answer depends on the request's Accept header (WebP or the original format). */
  variesByAccept: boolean;
};

/** Where a variant is cached in the storage: derived from the original's key, so it never goes stale. */
const variantKey = (key: string, width: number | null, format: ImageFormat) =>
  `cache/${key}@w${width ?? 0}.${EXT_OF_FORMAT[format]}`;

/**
 * Delivery of uploaded public images: the original, or a variant at a width snapped to IMAGE_WIDTHS and in WebP
 * when the browser takes it, rendered once and cached in the storage beside the originals (so every server
 * process shares it). Only keys under `u/` (public purposes) can be addressed here; private files live under
 * `p/` and are read through their owner's download.
 */
export class MediaService {
  private readonly rendering = new Map<string, Promise<Buffer | null>>();

  constructor(private readonly ctx: AppContext) {}

  async uploadedImage(file: string, acceptsWebp: boolean): Promise<Delivery | null> {
    const m = UPLOADED_FILE.exec(file);
    if (!m) return null;
    const [, id, ext, w] = m;
    const key = `u/${id}.${ext}`;
    const source = FORMAT_OF_EXT[ext!]!;
    const width = w ? snapImageWidth(Number(w)) : null;
    const variesByAccept = source !== 'webp';
    const format: ImageFormat = variesByAccept && acceptsWebp ? 'webp' : source;
    const contentType = MIME_OF_FORMAT[format];

    const storedKey = width === null && format === source ? key : variantKey(key, width, format);
    const stored = await this.ctx.storage.get(storedKey);
    if (stored)
      return { body: stored.body, contentType, contentLength: stored.contentLength, variesByAccept };
    if (storedKey === key) return null;
    const data = await this.render(key, storedKey, width, format, source === 'gif' || source === 'webp');
    return data && { body: data, contentType, contentLength: data.length, variesByAccept };
  }

  /** Renders and caches a variant; concurrent requests for the same one share the work. */
  private render(
    key: string,
    cacheKey: string,
    width: number | null,
    format: ImageFormat,
    animated: boolean,
  ) {
    let job = this.rendering.get(cacheKey);
    if (!job) {
      job = (async () => {
        const original = await this.ctx.storage.get(key);
        if (!original) return null;
        const data = await renderVariant(await readAll(original.body), width, format, animated);
        await this.ctx.storage.put(cacheKey, data, MIME_OF_FORMAT[format]);
        return data;
      })().finally(() => this.rendering.delete(cacheKey));
      this.rendering.set(cacheKey, job);
    }
    return job;
  }

  /** Removes every cached variant of an original (when the upload is deleted). */
  async forget(key: string): Promise<void> {
    const source = FORMAT_OF_EXT[key.split('.').pop()!];
    if (!source) return;
    const formats = [...new Set<ImageFormat>([source, 'webp'])];
    const widths = [null, ...IMAGE_WIDTHS];
    await Promise.all(
      formats.flatMap((f) => widths.map((w) => this.ctx.storage.delete(variantKey(key, w, f)))),
    );
  }
}
