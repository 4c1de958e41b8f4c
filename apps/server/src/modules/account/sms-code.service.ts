import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_IP_HOURLY_LIMIT,
  SMS_PHONE_DAILY_LIMIT,
  SMS_PHONE_INTERVAL_SECONDS,
} from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, formatWait } from '../../platform/errors.js';
import { accountRepository as repo, type SmsPurpose } from './account.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const waitError = (retryAfterMs: number, reason: string) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(ErrorCode.RATE_LIMITED, `${reason}，请${formatWait(seconds)}后再试`, {
    retry_after: seconds,
  });
};

/**
 * Issues and checks SMS verification codes: limits, hashing, expiry and wrong tries
 * (docs/product.md, Account).
 */
export class SmsCodeService {
  constructor(private readonly ctx: AppContext) {}

  private hash(purpose: SmsPurpose, phone: string, code: string) {
    return createHmac('sha256', this.ctx.secret).update(`${purpose}:${phone}:${code}`).digest('hex');
  }

  async send(phone: string, purpose: SmsPurpose, ip: string) {
    const { limiter, clock, db } = this.ctx;
    const gapKey = `sms:gap:${purpose}:${phone}`;
    const rules = [
      { key: `sms:ip:${ip}`, limit: SMS_IP_HOURLY_LIMIT, window: HOUR, reason: '当前网络获取验证码过于频繁' },
      {
        key: `sms:day:${phone}`,
        limit: SMS_PHONE_DAILY_LIMIT,
        window: DAY,
        reason: '该手机号今日获取验证码次数已达上限',
      },
      {
        key: gapKey,
        limit: 1,
        window: SMS_PHONE_INTERVAL_SECONDS * 1000,
        reason: '验证码已发送',
      },
    ];
    // Check every rule before recording any, so a refusal does not use up another rule's allowance.
    for (const r of rules) {
      const v = await limiter.peek(r.key, r.limit, r.window);
      if (!v.allowed) throw waitError(v.retryAfterMs, r.reason);
    }
    for (const r of [...rules].reverse()) {
      const v = await limiter.hit(r.key, r.limit, r.window);
      if (!v.allowed) throw waitError(v.retryAfterMs, r.reason);
    }

    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await repo.retireSmsCodes(tx, phone, purpose, now);
      return repo.insertSmsCode(tx, {
        phone,
        purpose,
        codeHash: this.hash(purpose, phone, code),
        ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      });
    });
    try {
      await this.ctx.sms.send({ phone, code, purpose, ttlMinutes: SMS_CODE_TTL_SECONDS / 60 });
    } catch (err) {
      this.ctx.log.error({ err, phone }, 'sms send failed');
      await repo.deleteSmsCode(db, row.id);
      // Nothing was sent, so the user may ask again at once; the daily and network counts still hold.
      await limiter.reset(gapKey);
      throw new AppError(ErrorCode.SMS_SEND_FAILED, '短信发送失败，请稍后再试');
    }
    return { retryAfterSeconds: SMS_PHONE_INTERVAL_SECONDS, expiresInSeconds: SMS_CODE_TTL_SECONDS };
  }

  /**
   * Consumes the phone's live code if `code` matches, inside the caller's transaction. A wrong code costs one
   * of its tries; the fifth wrong try kills it. Returns an error to throw after the transaction commits, so
   * the used-up try is kept.
   */
  async consume(tx: Executor, phone: string, purpose: SmsPurpose, code: string): Promise<AppError | null> {
    const now = this.ctx.clock.now();
    const live = await repo.liveSmsCodeForUpdate(tx, phone, purpose);
    if (!live || live.expiresAt <= now || live.attempts >= SMS_CODE_MAX_ATTEMPTS) {
      return new AppError(ErrorCode.SMS_CODE_EXPIRED, '验证码已失效，请重新获取');
    }
    const expected = Buffer.from(live.codeHash, 'hex');
    const given = Buffer.from(this.hash(purpose, phone, code), 'hex');
    if (timingSafeEqual(expected, given)) {
      await repo.updateSmsCode(tx, live.id, { consumedAt: now });
      return null;
    }
    const attempts = live.attempts + 1;
    const left = SMS_CODE_MAX_ATTEMPTS - attempts;
    await repo.updateSmsCode(tx, live.id, { attempts, consumedAt: left === 0 ? now : null });
    return new AppError(
      ErrorCode.SMS_CODE_WRONG,
      left === 0 ? '验证码错误次数过多，请重新获取' : `验证码错误，还可尝试${left}次`,
      { attempts_left: left },
    );
  }
}
