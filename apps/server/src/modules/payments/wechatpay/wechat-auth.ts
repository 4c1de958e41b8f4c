import { ErrorCode } from '@lingxi/contract';
import type { WechatConfig } from '../../../config.wechat.js';
import type { Executor } from '../../../db/client.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import { openIdsRepository } from './openids.repository.js';

type CodeAnswer = { openid?: string; errcode?: number; errmsg?: string };

/** WeChat's answers to a spent, wrong or expired code: the user authorises again. */
const BAD_CODE = new Set([40029, 40163, 40125, 41008]);

/**
 * The payer's openid: the OA web authorisation (`/sns/oauth2/access_token`, JSAPI inside WeChat) and the host
 * mini-program's `wx.login` code (`/sns/jscode2session`). docs/money.md, WeChat Pay.
 */
export class WechatAuth {
  constructor(
    private readonly cfg: WechatConfig,
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Exchanges the OA authorisation's code and binds the openid to the user. */
  async bindOaOpenId(userId: number, code: string): Promise<string> {
    const oa = this.cfg.oa;
    if (!oa) throw AppError.badRequest('未配置微信公众号授权，暂不能在微信内支付');
    const openid = await this.exchange('/sns/oauth2/access_token', {
      appid: oa.appId,
      secret: oa.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    await openIdsRepository.bind(this.db, { userId, appId: oa.appId, openid, at: this.clock.now() });
    return openid;
  }

  /** The user's OA openid, or null when they have not authorised (JSAPI needs it). */
  async oaOpenIdOf(userId: number): Promise<string | null> {
    return this.cfg.oa ? openIdsRepository.find(this.db, userId, this.cfg.oa.appId) : null;
  }

  /** The host mini-program's openid of the payer, from its `wx.login` code (not stored: the page sends one). */
  async miniProgramOpenId(code: string): Promise<string> {
    const mp = this.cfg.mp;
    if (!mp) throw AppError.badRequest('未配置小程序，暂不能在小程序内支付');
    return this.exchange('/sns/jscode2session', {
      appid: mp.appId,
      secret: mp.appSecret,
      js_code: code,
      grant_type: 'authorization_code',
    });
  }

  private async exchange(path: string, params: Record<string, string>): Promise<string> {
    const url = `${this.cfg.apiBase}${path}?${new URLSearchParams(params)}`;
    let answer: CodeAnswer;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      // WeChat answers JSON, sometimes labelled text/plain.
      answer = JSON.parse(await res.text()) as CodeAnswer;
    } catch {
      throw new AppError(ErrorCode.INTERNAL, '微信服务暂时无法连接，请稍后再试');
    }
    if (answer.errcode && BAD_CODE.has(answer.errcode)) {
      throw AppError.badRequest('微信授权已失效，请重新授权');
    }
    if (answer.errcode || typeof answer.openid !== 'string' || !answer.openid) {
      throw new AppError(ErrorCode.INTERNAL, '微信授权失败，请稍后再试');
    }
    return answer.openid;
  }
}
