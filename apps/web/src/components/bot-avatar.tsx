import type { CSSProperties } from 'react';
import { useImageUrl } from '../lib/image-url';
import './bot-avatar.css';

const FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#eef0ff"/><rect x="16" y="20" width="32" height="26" rx="9" fill="#a5b4fc"/><circle cx="26" cy="33" r="3.5" fill="#fff"/><circle cx="38" cy="33" r="3.5" fill="#fff"/><path d="M32 12v8" stroke="#a5b4fc" stroke-width="4" stroke-linecap="round"/></svg>',
  );

interface BotAvatarProps {
  src?: string | null;
  size?: number;
  className?: string;
}

/** A bot's avatar: a rounded square (people are round), with a robot face when the image is missing. */
export function BotAvatar({ src, size = 48, className }: BotAvatarProps) {
  const url = useImageUrl(src, size);
  return (
    <img
      className={`lx-bot-avatar${className ? ` ${className}` : ''}`}
      src={url || FALLBACK}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ '--lx-bot-avatar-size': `${size}px` } as CSSProperties}
      onError={(event) => {
        if (event.currentTarget.src !== FALLBACK) event.currentTarget.src = FALLBACK;
      }}
    />
  );
}
