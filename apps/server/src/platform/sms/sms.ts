import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AliyunSmsProvider } from './aliyun.js';

export type SmsMessage = {
  phone: string;
  code: string;
  purpose: 'login' | 'delete_account';
  ttlMinutes: number;
};

/** Sends a verification code. Throws when the provider refused it. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Development: the code goes to the server log, one line with the phone and the code. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send({ phone, code, purpose, ttlMinutes }: SmsMessage) {
    this.log.info(
      { sms: { phone, code, purpose } },
      `【灵犀】短信验证码 ${code} 已发送至 ${phone}，${ttlMinutes}分钟内有效`,
    );
  }
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  return config.sms.provider === 'aliyun'
    ? new AliyunSmsProvider(config.sms.aliyun)
    : new ConsoleSmsProvider(log);
}
