import { useEffect, useMemo, useRef, type PointerEvent, type SyntheticEvent } from 'react';

/** How long a finger rests before a press counts as long (the platforms' own menus open at about this). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onPointerLeave: () => void;
  onContextMenu: (event: SyntheticEvent) => void;
  onClickCapture: (event: SyntheticEvent) => void;
}

interface LongPressOptions {
  /** Only presses that start inside an element matching this selector count (e.g. the bubble of a row). */
  within?: string;
  ms?: number;
  /** The context menu (a mouse's right click, Android's own long press) counts as a long press too. */
  contextMenu?: boolean;
}

/** Set on the element while a press is held: CSS turns text selection and the system's callout off meanwhile. */
export const PRESSING_ATTR = 'data-pressing';

/**
 * Pointer handlers that call `onLongPress` after the pointer rests for {@link LONG_PRESS_MS} (touch, pen or the
 * main mouse button). The click that ends a long press is swallowed, and so is the system's own long-press menu;
 * `null` turns it off. While the press is held the element carries {@link PRESSING_ATTR}.
 */
export function useLongPress(
  onLongPress: (() => void) | null,
  { within, ms = LONG_PRESS_MS, contextMenu = false }: LongPressOptions = {},
): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const pressed = useRef<Element | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  const enabled = onLongPress !== null;

  useEffect(() => {
    callback.current = onLongPress;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useMemo(() => {
    const cancel = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      origin.current = null;
      pressed.current?.removeAttribute(PRESSING_ATTR);
      pressed.current = null;
    };
    const fire = () => {
      cancel();
      fired.current = true;
      callback.current?.();
    };
    return {
      onPointerDown: (event) => {
        fired.current = false;
        if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
        if (within && !(event.target as Element | null)?.closest?.(within)) return;
        cancel();
        origin.current = { x: event.clientX ?? 0, y: event.clientY ?? 0 };
        pressed.current = event.currentTarget;
        pressed.current.setAttribute(PRESSING_ATTR, '');
        timer.current = setTimeout(fire, ms);
      },
      onPointerMove: (event) => {
        const start = origin.current;
        if (!start) return;
        const dx = (event.clientX ?? 0) - start.x;
        const dy = (event.clientY ?? 0) - start.y;
        if (Math.hypot(dx, dy) > MOVE_TOLERANCE_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onPointerLeave: cancel,
      onContextMenu: (event) => {
        if (!enabled || (within && !(event.target as Element | null)?.closest?.(within))) return;
        // Android's long-press menu (and text selection) would cover ours.
        event.preventDefault();
        if (contextMenu && !fired.current) fire();
      },
      onClickCapture: (event) => {
        if (!fired.current) return;
        fired.current = false;
        event.stopPropagation();
        event.preventDefault();
      },
    };
  }, [enabled, within, ms, contextMenu]);
}
