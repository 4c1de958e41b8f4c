import { useImageUrl } from '../../../lib/image-url';
import './knowledge-cover.css';

const GRADIENTS = [
  ['#6d6cf7', '#9b6cf6'],
  ['#3b82f6', '#22c1c3'],
  ['#f97362', '#f7a24b'],
  ['#10a37f', '#5fd3a5'],
];

interface KnowledgeCoverProps {
  /** An uploaded image, or '' for the default cover. */
  cover: string;
  /** Picks the default cover's colours, so bases side by side differ. */
  seed?: number;
  size: number;
  className?: string;
}

/** A base's cover: the uploaded image, or a drawn book on one of four gradients. */
export function KnowledgeCover({ cover, seed = 0, size, className }: KnowledgeCoverProps) {
  const src = useImageUrl(cover, size);
  const classes = `lx-kb-cover${className ? ` ${className}` : ''}`;
  const style = { width: size, height: size };
  if (src) return <img className={classes} src={src} alt="" style={style} loading="lazy" />;
  const index = Math.abs(seed) % GRADIENTS.length;
  const [from, to] = GRADIENTS[index]!;
  return (
    <span className={`${classes} lx-kb-cover--default`} style={style} data-testid="default-cover">
      <svg viewBox="0 0 48 48" width="100%" height="100%" aria-hidden="true">
        <defs>
          <linearGradient id={`lx-kb-g${index}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={from} />
            <stop offset="1" stopColor={to} />
          </linearGradient>
        </defs>
        <rect width="48" height="48" fill={`url(#lx-kb-g${index})`} />
        <path d="M14 13.5c3.6-1.3 7.1-.9 10 1.3v20.4c-2.9-2.2-6.4-2.6-10-1.3z" fill="#fff" opacity="0.95" />
        <path d="M34 13.5c-3.6-1.3-7.1-.9-10 1.3v20.4c2.9-2.2 6.4-2.6 10-1.3z" fill="#fff" opacity="0.75" />
        <path d="M17 19h4M17 23h4M27 19h4M27 23h4" stroke={from} strokeWidth="1.4" strokeLinecap="round" />
      </svg>
    </span>
  );
}
