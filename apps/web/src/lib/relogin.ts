import { RELOGIN_DEBOUNCE_MS } from '@lingxi/contract';
import { debounce } from './debounce';
import { reloginViaHost } from './platform';

export const LOGIN_PATH = '/login';

export interface ReloginDeps {
  /** Current route, path + search, e.g. `/user/info?x=1`. */
  getCurrentPath: () => string;
  clearLogin: () => void;
  navigate: (to: string) => void;
  /**
   * Lets the mini-program host or the Android wrapper take over; true when it did. `fallback` goes to the web
   * login page, for a host whose API turns out to be missing.
   */
  viaHost?: (redirect: string, fallback: () => void) => boolean;
  debounceMs?: number;
}

export function loginUrl(redirect: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect }).toString()}`;
}

/**
 * docs/product.md, Client contract: debounced 500 ms; when the current route is not login, clear the login
 * state and go to login with the current path as redirect: through the host in the mini program, the
 * wrapper's hook in Android.
 */
export function createRelogin(deps: ReloginDeps) {
  const viaHost = deps.viaHost ?? reloginViaHost;
  return debounce(() => {
    const current = deps.getCurrentPath();
    const pathname = current.split(/[?#]/)[0];
    if (pathname === LOGIN_PATH) return;
    deps.clearLogin();
    const web = () => deps.navigate(loginUrl(current));
    if (viaHost(current, web)) return;
    web();
  }, deps.debounceMs ?? RELOGIN_DEBOUNCE_MS);
}
