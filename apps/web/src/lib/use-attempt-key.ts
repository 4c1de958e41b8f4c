import { useMemo, useRef } from 'react';
import { isApiError } from './api-error';
import { newIdempotencyKey } from './money';

/**
 * One Idempotency-Key per attempt (docs/money.md, Pages): `keyFor(sig)` gives the key of the attempt described by
 * `sig` (a new one when `sig` changed), `settle(error?)` ends it. The key is kept for a retry of the same attempt
 * after a failure without an answer (network, time-out), and dropped after success or a refusal by the server.
 */
export function useAttemptKey() {
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(sig: string): string {
        if (attempt.current?.sig !== sig) attempt.current = { sig, key: newIdempotencyKey() };
        return attempt.current.key;
      },
      settle(error?: unknown): void {
        if (error === undefined || (isApiError(error) && error.kind === 'business')) attempt.current = null;
      },
    }),
    [],
  );
}
