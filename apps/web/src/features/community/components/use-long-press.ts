import { useEffect, useRef, type MouseEvent, type TouchEvent } from 'react';

const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE = 10;

/**
 * A press held for half a second (a finger or the mouse); moving away or lifting earlier cancels it. The click
 * that follows a long press is swallowed, so the press does not also count as a tap.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function clear() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }
  function begin(x: number, y: number) {
    clear();
    fired.current = false;
    start.current = { x, y };
    timer.current = setTimeout(() => {
      fired.current = true;
      clear();
      callback.current();
    }, LONG_PRESS_MS);
  }
  function move(x: number, y: number) {
    const from = start.current;
    if (from && Math.hypot(x - from.x, y - from.y) > MOVE_TOLERANCE) clear();
  }

  return {
    onTouchStart: (e: TouchEvent) => begin(e.touches[0]?.clientX ?? 0, e.touches[0]?.clientY ?? 0),
    onTouchMove: (e: TouchEvent) => move(e.touches[0]?.clientX ?? 0, e.touches[0]?.clientY ?? 0),
    onTouchEnd: clear,
    onTouchCancel: clear,
    onMouseDown: (e: MouseEvent) => {
      if (e.button === 0) begin(e.clientX, e.clientY);
    },
    onMouseMove: (e: MouseEvent) => move(e.clientX, e.clientY),
    onMouseUp: clear,
    onMouseLeave: clear,
    onContextMenu: (e: MouseEvent) => e.preventDefault(),
    onClickCapture: (e: MouseEvent) => {
      if (fired.current) {
        fired.current = false;
        e.stopPropagation();
        e.preventDefault();
      }
    },
  };
}
