import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsProvider } from './sms.js';

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
};

/** RFC 3986 encoding as Aliyun's RPC signature (v1) requires. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Aliyun SMS (Dysmsapi SendSms) through its RPC API, signed with HMAC-SHA1 as documented at
 * https://help.aliyun.com/document_detail/315526.html. The template must take one variable, `code`.
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly opts: AliyunSmsOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The signed query of a SendSms call; exposed for tests of the signature. */
  signedQuery(msg: SmsMessage, now = new Date(), nonce: string = randomUUID()): string {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: msg.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.opts.templateCode,
      TemplateParam: JSON.stringify({ code: msg.code }),
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const canonical = Object.keys(params)
      .sort()
      .map((k) => `${enc(k)}=${enc(params[k]!)}`)
      .join('&');
    const toSign = `GET&${enc('/')}&${enc(canonical)}`;
    const signature = createHmac('sha1', `${this.opts.accessKeySecret}&`).update(toSign).digest('base64');
    return `Signature=${enc(signature)}&${canonical}`;
  }

  async send(msg: SmsMessage) {
    const res = await this.fetchImpl(`${this.opts.endpoint}/?${this.signedQuery(msg)}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (!res.ok || body.Code !== 'OK') {
      throw new Error(`Aliyun SMS refused: ${body.Code ?? res.status} ${body.Message ?? ''}`.trim());
    }
  }
}
