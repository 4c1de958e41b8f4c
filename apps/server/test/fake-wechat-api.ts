import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of WeChat's server API (`api.weixin.qq.com`) for the JS-SDK, over real HTTP on loopback: the access
 * token (`/cgi-bin/token`, `/cgi-bin/stable_token`) and the jsapi ticket (`/cgi-bin/ticket/getticket`). It
 * counts calls per endpoint, keeps the tokens it issued with their expiry (by the test's clock), and has modes
 * for an error code, a refused (revoked or expired) token, a missing stable endpoint, a slow answer and an answer
 * that never comes.
 */
export type FakeWechatApi = Awaited<ReturnType<typeof startFakeWechatApi>>;

type Path = 'token' | 'stable_token' | 'getticket';
type Fault = { path: Path; errcode: number; errmsg: string };

export async function startFakeWechatApi(
  opts: {
    appId?: string;
    appSecret?: string;
    now?: () => number;
    tokenExpiresIn?: number;
    ticketExpiresIn?: number;
  } = {},
) {
  // A fresh app id per fake: caches shared through one Redis by several runs never meet.
  const appId = opts.appId ?? `wx${randomBytes(8).toString('hex')}`;
  const appSecret = opts.appSecret ?? 'fake-oa-secret-0123456789abcdef';
  const now = opts.now ?? (() => Date.now());
  const counts: Record<Path, number> = { token: 0, stable_token: 0, getticket: 0 };
  /** token → when it stops being accepted (ms, by `now`). */
  const tokens = new Map<string, number>();
  const faults: Fault[] = [];
  const stableBodies: Record<string, unknown>[] = [];
  let lastTicket = '';
  let noStableToken = false;
  let delayMs = 0;
  let hang = false;
  let refuseAs: 40001 | 42001 | 40014 | null = null;

  const send = (res: ServerResponse, body: unknown) => {
    // WeChat labels some JSON answers text/plain.
    res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(body));
  };

  const issueToken = (res: ServerResponse) => {
    const token = `TOKEN_${randomBytes(12).toString('hex')}`;
    const expiresIn = opts.tokenExpiresIn ?? 7200;
    tokens.set(token, now() + expiresIn * 1000);
    send(res, { access_token: token, expires_in: expiresIn });
  };

  const takeFault = (path: Path) => {
    const i = faults.findIndex((f) => f.path === path);
    return i < 0 ? undefined : faults.splice(i, 1)[0];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body = '';
    for await (const chunk of req) body += chunk;
    const path = url.pathname.replace('/cgi-bin/', '').replace('ticket/', '') as Path;
    if (!(path in counts) || (path === 'stable_token' && noStableToken)) {
      return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    counts[path]++;
    if (hang) return; // never answers: the caller's timeout must end it
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const fault = takeFault(path);
    if (fault) return send(res, { errcode: fault.errcode, errmsg: fault.errmsg });

    if (path === 'token') {
      const q = url.searchParams;
      if (req.method !== 'GET' || q.get('grant_type') !== 'client_credential') {
        return send(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      }
      if (q.get('appid') !== appId) return send(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== appSecret) return send(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      return issueToken(res);
    }
    if (path === 'stable_token') {
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return send(res, { errcode: 47001, errmsg: 'data format error' });
      }
      stableBodies.push(b);
      if (req.method !== 'POST' || b.grant_type !== 'client_credential') {
        return send(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      }
      if (b.appid !== appId) return send(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (b.secret !== appSecret) return send(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      return issueToken(res);
    }
    // getticket
    const token = url.searchParams.get('access_token') ?? '';
    if (url.searchParams.get('type') !== 'jsapi')
      return send(res, { errcode: 40097, errmsg: 'invalid args' });
    const until = tokens.get(token);
    if (until === undefined) return send(res, { errcode: 40001, errmsg: 'invalid credential' });
    if (refuseAs) return send(res, { errcode: refuseAs, errmsg: 'access_token is invalid or not latest' });
    if (until <= now()) return send(res, { errcode: 42001, errmsg: 'access_token expired' });
    lastTicket = `TICKET_${randomBytes(24).toString('base64url')}`;
    send(res, { errcode: 0, errmsg: 'ok', ticket: lastTicket, expires_in: opts.ticketExpiresIn ?? 7200 });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    appId,
    appSecret,
    /** Calls per endpoint (every request, answered or not). */
    counts,
    /** The JSON bodies `/cgi-bin/stable_token` received. */
    stableBodies,
    /** The last ticket handed out. */
    get ticket() {
      return lastTicket;
    },
    /** The next call to `path` answers this error code. */
    failNext(path: Path, errcode: number, errmsg: string) {
      faults.push({ path, errcode, errmsg });
    },
    /** Every token issued so far is forgotten: the ticket endpoint answers 40001 for them. */
    revokeTokens() {
      tokens.clear();
    },
    /** Every token issued so far is expired: the ticket endpoint answers 42001 for them. */
    expireTokens() {
      for (const t of tokens.keys()) tokens.set(t, 0);
    },
    /** The ticket endpoint refuses every token with this code (null: back to normal). */
    refuseTokensAs(code: 40001 | 42001 | 40014 | null) {
      refuseAs = code;
    },
    /** `/cgi-bin/stable_token` answers 404, as a gateway without it would. */
    withoutStableToken(on = true) {
      noStableToken = on;
    },
    /** Every answer waits this long first. */
    delay(ms: number) {
      delayMs = ms;
    },
    /** No answer at all from now on. */
    hang(on = true) {
      hang = on;
    },
    reset() {
      for (const k of Object.keys(counts) as Path[]) counts[k] = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
