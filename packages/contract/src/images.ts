/*
 * Image widths and URLs, apart from the upload schemas (uploads.ts) and free of zod: every page that shows an avatar
 * needs these, and a module with schemas brings zod into the web app's first load (docs/performance.md).
 */

/** The widths an image is delivered at; a requested width is snapped up to the next one (or the largest). */
export const IMAGE_WIDTHS = [64, 128, 256, 375, 750, 1080] as const;

export function snapImageWidth(width: number): number {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** A public uploaded image as stored on a profile or a bot: `/media/u/{22 url-safe chars}.{ext}`. */
export const UPLOADED_IMAGE_PATH = /^\/media\/u\/[A-Za-z0-9_-]{22}\.(?:jpg|png|webp|gif)$/;

/**
 * The URL of an image at a width: `{url}@w{width}`, width snapped to IMAGE_WIDTHS. Only uploaded images
 * (`/media/u/...`) have widths; any other URL is returned as it is.
 */
export function imageAtWidth(url: string, width: number): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  return UPLOADED_IMAGE_PATH.test(path) ? `${url}@w${snapImageWidth(width)}` : url;
}
