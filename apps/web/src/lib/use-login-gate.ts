import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useNavigateSafe } from './navigation';
import { loginUrl } from './relogin';
import { useSession } from './session';

/**
 * Wraps an action that needs an account (like, comment, report): logged out, it goes to login instead and comes
 * back to this page afterwards. Resolves whether the action ran.
 */
export function useLoginGate(): (action: () => void) => boolean {
  const { isLoggedIn } = useSession();
  const nav = useNavigateSafe();
  const { pathname, search } = useLocation();
  return useCallback(
    (action: () => void) => {
      if (isLoggedIn) {
        action();
        return true;
      }
      nav.push(loginUrl(`${pathname}${search}`), { backOnSuccess: true });
      return false;
    },
    [isLoggedIn, nav, pathname, search],
  );
}
