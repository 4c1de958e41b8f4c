import { IMAGE_MAX_DIMENSION } from '@lingxi/contract';
import sharp, { type Sharp } from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';
export type EncodedImage = { data: Buffer; format: ImageFormat; width: number; height: number };

export const EXT_OF_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};
export const MIME_OF_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Decompression bombs: a small file that claims a huge canvas is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export class ImageError extends Error {}

function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 8 });
    case 'webp':
      return pipeline.webp({ quality: 82 });
    case 'gif':
      return pipeline.gif();
  }
}

function open(input: Buffer, animated: boolean) {
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated });
}

/**
 * An uploaded image, decoded and encoded again in its own format: turned upright by its EXIF orientation, fit
 * inside IMAGE_MAX_DIMENSION, and with every piece of metadata (EXIF with GPS, XMP, comments) left behind,
 * since sharp writes none unless asked. An image that does not decode is refused.
 */
export async function reencodeImage(input: Buffer, format: ImageFormat): Promise<EncodedImage> {
  try {
    const animated = format === 'gif' || format === 'webp';
    const pipeline = open(input, animated).rotate().resize({
      width: IMAGE_MAX_DIMENSION,
      height: IMAGE_MAX_DIMENSION,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
    // For an animation, info.height is the whole strip of frames; one frame is what a reader sees.
    const height = info.pageHeight ?? info.height;
    return { data, format, width: info.width, height };
  } catch (err) {
    throw new ImageError(`image could not be processed: ${(err as Error).message}`);
  }
}

/** A delivered variant of an (already re-encoded) image: at most `width` wide, in `format`. */
export async function renderVariant(
  input: Buffer,
  width: number | null,
  format: ImageFormat,
  animated: boolean,
): Promise<Buffer> {
  let pipeline = open(input, animated);
  if (width) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  return encode(pipeline, format).toBuffer();
}
