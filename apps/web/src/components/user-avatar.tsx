import { Avatar } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useImageUrl } from '../lib/image-url';
import './user-avatar.css';

interface UserAvatarProps {
  src?: string | null;
  size?: number;
  className?: string;
  bordered?: boolean;
}

const FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#eef0ff"/><circle cx="32" cy="25" r="11" fill="#a5b4fc"/><path d="M12 58c2-11 10-17 20-17s18 6 20 17z" fill="#a5b4fc"/></svg>',
  );

/** A round avatar that falls back to a neutral figure when there is no image or it fails to load. */
export function UserAvatar({ src, size = 56, className, bordered }: UserAvatarProps) {
  const url = useImageUrl(src, size);
  return (
    <Avatar
      src={url || FALLBACK}
      fallback={<img src={FALLBACK} alt="" width={size} height={size} />}
      className={`lx-avatar${bordered ? ' lx-avatar--bordered' : ''}${className ? ` ${className}` : ''}`}
      style={{ '--size': `${size}px`, '--border-radius': '50%' } as CSSProperties}
    />
  );
}
