import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginUrl } from '../lib/relogin';
import { useSession } from '../lib/session';

/** Pages that only make sense logged in send a logged-out visitor to login, coming back here afterwards. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
