import { imageAtWidth } from '@lingxi/contract';
import { commonStore, useCommonStore } from './common-store';

/** `cdn_base` without its trailing slash; empty means "this origin". */
function cdnBase(base: string | null | undefined): string {
  return (base ?? '').trim().replace(/\/+$/, '');
}

export interface ImageUrlOptions {
  /** The CDN base address from settings (docs/product.md, Client contract); the common store's by default. */
  cdnBase?: string | null;
  /** Device pixels per CSS pixel; the screen's by default. */
  dpr?: number;
}

/**
 * THE image URL of the app (docs/product.md, Client contract; docs/product.md, Uploads and images): an image
 * served by the app (`/media/...`) is addressed under `cdn_base`, and an uploaded one at the width it is
 * drawn at times the screen's pixel ratio (the contract snaps it to the widths the server keeps). Anything
 * else (data:, blob:, other hosts) is left as it is.
 */
export function imageUrl(
  src: string | null | undefined,
  width: number,
  options: ImageUrlOptions = {},
): string {
  if (!src) return '';
  const dpr = options.dpr ?? (globalThis.devicePixelRatio || 1);
  const base = cdnBase(
    options.cdnBase === undefined ? commonStore.get().systemSetting?.cdn_base : options.cdnBase,
  );
  const absolute = src.startsWith('/media/') && base ? `${base}${src}` : src;
  return imageAtWidth(absolute, Math.ceil(width * Math.max(1, dpr)));
}

/** imageUrl that follows the settings as they load. */
export function useImageUrl(src: string | null | undefined, width: number): string {
  const base = useCommonStore().systemSetting?.cdn_base;
  return imageUrl(src, width, { cdnBase: base ?? '' });
}
