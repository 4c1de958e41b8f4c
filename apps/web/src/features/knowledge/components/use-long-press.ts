import { useCallback, useEffect, useRef } from 'react';

/** Held this long without moving: a long press. */
export const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 10;

/**
 * Touch-and-hold (and the context menu of a mouse) runs `onLongPress`; the tap that ends a long press is
 * swallowed so the card does not also open. Spread the result onto the element.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  return {
    onTouchStart: (event: React.TouchEvent) => {
      const touch = event.touches[0];
      if (!touch) return;
      fired.current = false;
      start.current = { x: touch.clientX, y: touch.clientY };
      timer.current = setTimeout(() => {
        fired.current = true;
        timer.current = null;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onTouchMove: (event: React.TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || !start.current) return;
      const moved = Math.hypot(touch.clientX - start.current.x, touch.clientY - start.current.y);
      if (moved > MOVE_TOLERANCE_PX) cancel();
    },
    onTouchEnd: cancel,
    onTouchCancel: cancel,
    onContextMenu: (event: React.MouseEvent) => {
      event.preventDefault();
      if (fired.current) return;
      cancel();
      fired.current = true;
      onLongPress();
    },
    onClickCapture: (event: React.MouseEvent) => {
      if (!fired.current) return;
      fired.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
  };
}
