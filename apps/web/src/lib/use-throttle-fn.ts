import { BUTTON_THROTTLE_MS } from '@lingxi/contract';
import { useCallback, useRef } from 'react';

/**
 * Button throttle (docs/product.md, Client contract: 500 ms): the first tap runs, taps within the window are
 * ignored.
 */
export function useThrottleFn<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number = BUTTON_THROTTLE_MS,
) {
  const last = useRef(0);
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      if (now - last.current < wait) return;
      last.current = now;
      fn(...args);
    },
    [fn, wait],
  );
}
