import { ErrorCode } from '@lingxi/contract';
import { AppError } from '../../platform/errors.js';
import type { Fetched } from './shared-tokens.js';

/** WeChat's answers saying the access token used is invalid or expired: drop it and try once more. */
export const TOKEN_INVALID_CODES = new Set([40001, 42001, 40014]);

/** The access token a call used was refused (one of TOKEN_INVALID_CODES). */
export class TokenInvalidError extends Error {
  constructor(
    readonly token: string,
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`access token refused: ${errcode} ${errmsg}`);
  }
}

type Answer = Record<string, unknown> & { errcode?: unknown; errmsg?: unknown };

/** A WeChat error code as the client reads it: 微信接口错误：<errmsg>（<errcode>）. */
export function wechatError(errcode: number, errmsg: unknown): AppError {
  const text =
    typeof errmsg === 'string'
      ? errmsg
          // Control characters (C0 and DEL) would break the message: spaces instead.
          .replace(/\p{Cc}/gu, ' ')
          .trim()
          .slice(0, 200)
      : '';
  return new AppError(ErrorCode.UPSTREAM_FAILED, `微信接口错误：${text || '未知错误'}（${errcode}）`);
}

const unreachable = () => new AppError(ErrorCode.UPSTREAM_FAILED, '微信服务暂时无法连接，请稍后再试');

/**
 * The official account's server API calls the JS-SDK needs (docs/platforms.md, WeChat JS-SDK): the access token
 * (`/cgi-bin/stable_token`, or `/cgi-bin/token` when chosen or when the stable endpoint is missing) and the jsapi
 * ticket. Every call has a timeout; an `errcode` becomes an AppError (or TokenInvalidError, for the caller's retry).
 */
export class WechatApi {
  constructor(
    private readonly o: {
      apiBase: string;
      appId: string;
      appSecret: string;
      tokenEndpoint: 'stable_token' | 'token';
      timeoutMs?: number;
    },
  ) {}

  /** A new access token; `forceRefresh` asks the stable endpoint for a new one (after WeChat refused ours). */
  async accessToken(forceRefresh = false): Promise<Fetched> {
    const { appId, appSecret } = this.o;
    let answer: Answer | 'missing' = 'missing';
    if (this.o.tokenEndpoint === 'stable_token') {
      answer = await this.call('/cgi-bin/stable_token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credential',
          appid: appId,
          secret: appSecret,
          force_refresh: forceRefresh,
        }),
      });
    }
    if (answer === 'missing') {
      const q = new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret: appSecret });
      answer = await this.call(`/cgi-bin/token?${q}`, { method: 'GET' });
    }
    if (answer === 'missing') throw unreachable();
    return fetched(answer, 'access_token');
  }

  /** A new jsapi ticket, fetched with `token`. */
  async jsapiTicket(token: string): Promise<Fetched> {
    const q = new URLSearchParams({ access_token: token, type: 'jsapi' });
    const answer = await this.call(`/cgi-bin/ticket/getticket?${q}`, { method: 'GET' });
    if (answer === 'missing') throw unreachable();
    const code = Number(answer.errcode ?? 0);
    if (TOKEN_INVALID_CODES.has(code)) throw new TokenInvalidError(token, code, String(answer.errmsg ?? ''));
    return fetched(answer, 'ticket');
  }

  /** The JSON answer; 'missing' for a 404 (an endpoint this gateway does not have). */
  private async call(path: string, init: RequestInit): Promise<Answer | 'missing'> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.o.apiBase + path, {
        ...init,
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
      text = await res.text();
    } catch {
      throw unreachable();
    }
    if (res.status === 404) return 'missing';
    if (!res.ok) throw unreachable();
    try {
      // WeChat answers JSON, sometimes labelled text/plain.
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Answer;
    } catch {
      // falls through
    }
    throw unreachable();
  }
}

/** The value and lifetime of a successful answer; an `errcode` or a malformed answer throws. */
function fetched(answer: Answer, field: 'access_token' | 'ticket'): Fetched {
  const code = Number(answer.errcode ?? 0);
  if (code !== 0 || Number.isNaN(code)) throw wechatError(code, answer.errmsg);
  const value = answer[field];
  const expiresIn = Number(answer.expires_in);
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,512}$/.test(value) || !(expiresIn > 0)) {
    throw unreachable();
  }
  return { value, expiresIn };
}
