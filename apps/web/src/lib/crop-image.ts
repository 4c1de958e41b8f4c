import type { Area } from 'react-easy-crop';

/** Avatars and covers are drawn at most ~100 px wide: 640 px covers any pixel ratio and keeps the upload small. */
const OUTPUT_WIDTH = 640;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

/**
 * The area the user chose, redrawn at most 640 px wide. Photos become JPEG; images that may be transparent
 * (PNG, WebP, GIF) become PNG so their background survives. The server re-encodes either way.
 */
export async function cropImage(src: string, area: Area, sourceType: string): Promise<Blob> {
  const image = await loadImage(src);
  const width = Math.min(OUTPUT_WIDTH, Math.round(area.width));
  const height = Math.max(1, Math.round((width * area.height) / area.width));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const type = sourceType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas'))), type, 0.9),
  );
}
