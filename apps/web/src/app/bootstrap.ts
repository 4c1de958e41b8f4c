import { setInviteCode } from '../lib/common-store';
import { setToken } from '../lib/session';

/**
 * docs/product.md, Client contract: opening the app with ?token= stores the token; ?invite_code= stores the
 * invite code. The token is then removed from the address bar so it is not shared or bookmarked by accident.
 */
export function readLaunchQuery(win: Window = window): { token: string | null; inviteCode: string | null } {
  const url = new URL(win.location.href);
  const token = url.searchParams.get('token')?.trim() || null;
  const inviteCode = url.searchParams.get('invite_code')?.trim() || null;
  if (token) setToken(token);
  if (inviteCode) setInviteCode(inviteCode);
  if (token) {
    url.searchParams.delete('token');
    win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return { token, inviteCode };
}
