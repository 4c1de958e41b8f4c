import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The dark modules of a QR code of `text`, as a square grid of `size` × `size` (with medium error correction). */
export function qrMatrix(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => Boolean(modules.get(y, x)) };
}

/** Draws the QR code of `text` onto a canvas at (x, y), `width` wide, dark on white with a quiet zone. */
export function drawQr(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  width: number,
): void {
  const { size, dark } = qrMatrix(text);
  const quiet = 2;
  const cell = width / (size + quiet * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y, width, width);
  ctx.fillStyle = '#111111';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (dark(col, row))
        ctx.fillRect(x + (col + quiet) * cell, y + (row + quiet) * cell, Math.ceil(cell), Math.ceil(cell));
    }
  }
}

/** A QR code as SVG: sharp at any size, no canvas needed (the Native pay code, the invite link). */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label?: string }) {
  const path = useMemo(() => {
    const { size: n, dark } = qrMatrix(text);
    let d = '';
    for (let row = 0; row < n; row += 1)
      for (let col = 0; col < n; col += 1) if (dark(col, row)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
    return { d, n: n + 4 };
  }, [text]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${path.n} ${path.n}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-testid="qr-code"
      data-text={text}
    >
      <rect width={path.n} height={path.n} fill="#fff" />
      <path d={path.d} fill="#111" />
    </svg>
  );
}
