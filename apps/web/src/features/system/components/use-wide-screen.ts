import { useEffect, useState } from 'react';

/** The desktop layout's width (docs/product.md, Client contract: ≥ 1024 px). */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

const matches = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(WIDE_SCREEN_QUERY).matches
    : false;

/** Whether the window is desktop-wide, following resizes. */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE_SCREEN_QUERY);
    const onChange = () => setWide(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}
