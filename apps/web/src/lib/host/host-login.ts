import { useEffect, useState } from 'react';
import { detectPlatform, reloginViaHost } from '../platform';

/**
 * The web login page inside the mini-program web view (docs/platforms.md, Mini-program web view): however the
 * user got there (a page that needs login, a login button), logging in is the host's, so the page relaunches the
 * host's login page with the redirect. True while the host is taking over; false to show the web form (other
 * hosts, or the host's API never came).
 */
export function useHostLogin(redirect: string, skip = false): boolean {
  const [handOver] = useState(() => !skip && detectPlatform() === 'miniprogram');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (handOver) reloginViaHost(redirect, () => setFailed(true));
  }, [handOver, redirect]);
  return handOver && !failed;
}
