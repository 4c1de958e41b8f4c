import { drawQr } from '../../../components/qr-code';

export interface PosterText {
  brand: string;
  title: string;
  /** "<nickname> 邀请你一起用 …" */
  inviter: string;
  reward: string;
  code: string;
  scanHint: string;
}

const W = 750;
const H = 1180;
const FONT = "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Sets the largest font from `size` down to 3/4 of it at which the text fits `max` pixels (longer languages get a
 * smaller line before an ellipsis), then cuts what still does not fit.
 */
function shrink(
  ctx: CanvasRenderingContext2D,
  text: string,
  max: number,
  weight: number,
  size: number,
  font: string,
) {
  let px = size;
  do ctx.font = `${weight} ${px}px ${font}`;
  while (ctx.measureText(text).width > max && --px >= Math.ceil(size * 0.75));
  return fit(ctx, text, max);
}

/** Cuts text to fit `max` pixels, with an ellipsis. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * The invite poster (docs/money.md, Invites): drawn on a canvas and handed back as a PNG data URL, so the page shows
 * it as an image that WeChat lets the user long-press to save, share or scan. Null when canvases are unavailable.
 */
export function drawPoster(text: PosterText, link: string, doc: Document = document): string | null {
  const canvas = doc.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  // The page's font stack, which follows its language (Latin fonts first outside Chinese, docs/i18n.md).
  const font =
    doc.defaultView?.getComputedStyle(doc.documentElement).getPropertyValue('--adm-font-family').trim() ||
    FONT;

  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, '#5b5bf6');
  bg.addColorStop(1, '#8b5cf6');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  // Soft circles for depth.
  ctx.fillStyle = 'rgba(255,255,255,0.08)';
  ctx.beginPath();
  ctx.arc(660, 120, 180, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(60, 520, 120, 0, Math.PI * 2);
  ctx.fill();

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.font = `600 30px ${font}`;
  ctx.fillText(text.brand, W / 2, 110);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(shrink(ctx, text.title, W - 100, 800, 60, font), W / 2, 200);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.fillText(shrink(ctx, text.inviter, W - 100, 400, 30, font), W / 2, 262);

  // The reward ribbon.
  ctx.fillStyle = '#ffe3a3';
  roundRect(ctx, 135, 300, W - 270, 72, 36);
  ctx.fill();
  ctx.fillStyle = '#7c4a03';
  ctx.fillText(shrink(ctx, text.reward, W - 320, 700, 30, font), W / 2, 347);

  // The white card with the QR code.
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, 75, 420, W - 150, 680, 32);
  ctx.fill();
  drawQr(ctx, link, (W - 400) / 2, 470, 400);
  ctx.fillStyle = '#1f2233';
  ctx.fillText(shrink(ctx, text.code, W - 200, 600, 28, font), W / 2, 940);
  ctx.fillStyle = '#9aa0ad';
  ctx.fillText(shrink(ctx, text.scanHint, W - 200, 400, 26, font), W / 2, 1000);

  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}
