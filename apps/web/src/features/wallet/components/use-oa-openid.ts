import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { openExternal } from '../../../lib/external';
import { getOaOpenId, setOaOpenId } from '../../../lib/session';
import { getOaOpenId as exchangeCode } from '../api/get-oa-openid';

/** The OA web authorisation (snsapi_base) for JSAPI payments: `state` marks a return that should go on paying. */
export const OA_STATE = 'pay';

export function oaAuthorizeUrl(appId: string, redirectUri: string): string {
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_base',
    state: OA_STATE,
  });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
}

/**
 * docs/money.md, WeChat Pay: inside WeChat, JSAPI needs the user's OA openid. Without one in the session the page
 * goes to WeChat's authorisation and comes back with `?code=`, which is exchanged here (once) for the openid; then
 * `onReady` gets the item the user had chosen (`?item=kind:id`) so the payment goes on.
 */
export function useOaOpenIdReturn(onReady: (item: string | null) => void): void {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const done = useRef<string | null>(null);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });

  useEffect(() => {
    if (!code || state !== OA_STATE || done.current === code) return;
    done.current = code;
    const item = params.get('item');
    // The code is single-use: it leaves the address bar whatever the answer.
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        ['code', 'state', 'item'].forEach((key) => next.delete(key));
        return next;
      },
      { replace: true },
    );
    exchangeCode(code)
      .then(({ openid }) => {
        setOaOpenId(openid);
        ready.current(item);
      })
      .catch(() => undefined);
  }, [code, state, params, setParams]);
}

/**
 * True when the session has the openid; otherwise starts the authorisation (leaving the page, back here with
 * `?item=`) and returns false. Without an OA app id it cannot: false as well.
 */
export function ensureOaOpenId(appId: string | null | undefined, item: string): boolean {
  if (getOaOpenId()) return true;
  if (!appId) return false;
  const back = new URL(window.location.href);
  back.hash = '';
  ['code', 'state', 'order_no'].forEach((key) => back.searchParams.delete(key));
  back.searchParams.set('item', item);
  openExternal(oaAuthorizeUrl(appId, back.toString()));
  return false;
}
