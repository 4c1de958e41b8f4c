import { useEffect, useState } from 'react';

/**
 * The height a page with its input at the bottom (the chat, a post's comment bar) may use: the visual viewport's,
 * so that when a phone's keyboard opens the input stays right above it instead of being pushed off screen (iOS
 * shrinks only the visual viewport); 100dvh elsewhere. The page is then a column of that height whose middle
 * scrolls, never the document (the keyboard scrolls the document back to its top).
 */
export function useViewportHeight(): string {
  const [height, setHeight] = useState<string>('100dvh');
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      // Only when the keyboard takes room: otherwise dvh already follows the browser's bars.
      const keyboard = window.innerHeight - viewport.height > 80;
      setHeight(keyboard ? `${Math.round(viewport.height)}px` : '100dvh');
      if (keyboard) window.scrollTo(0, 0);
    };
    update();
    viewport.addEventListener('resize', update);
    return () => viewport.removeEventListener('resize', update);
  }, []);
  return height;
}
