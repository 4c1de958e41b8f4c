import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp } from '../../../test/helpers.js';
import { smsCodes } from '../../db/schema/account.js';
import { AliyunSmsProvider, type AliyunSmsOptions } from './aliyun.js';

const SECRET = 'testsecret';

/** RFC 3986 percent-encoding, as Aliyun's RPC signature documentation defines it: only A-Za-z0-9-_.~ stay. */
const percentEncode = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** The signature a Dysmsapi server expects for these parameters (everything but Signature itself). */
function expectedSignature(method: string, params: URLSearchParams) {
  const canonical = [...params.entries()]
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${SECRET}&`).update(toSign).digest('base64');
}

/** A local stand-in for dysmsapi.aliyuncs.com that checks the signature the documented way. */
type Mode = 'ok' | 'limited' | 'broken';
let server: Server;
let endpoint = '';
let mode: Mode = 'ok';
const received: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const params = new URL(req.url!, 'http://x').searchParams;
    received.push(params);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'broken') return res.writeHead(502).end('<html>bad gateway</html>');
    if (params.get('Signature') !== expectedSignature(req.method!, params)) {
      return json(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched.' });
    }
    if (mode === 'limited')
      return json(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' });
    return json(200, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'r-1' });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const provider = (o: Partial<AliyunSmsOptions> = {}) =>
  new AliyunSmsProvider({
    accessKeyId: 'LTAI-test-id',
    accessKeySecret: SECRET,
    signName: '灵犀',
    templateCode: 'SMS_123456789',
    endpoint,
    ...o,
  });

describe('AliyunSmsProvider', () => {
  it('sends a SendSms call signed with HMAC-SHA1 that the server accepts', async () => {
    mode = 'ok';
    received.length = 0;
    await provider().send({ phone: '13800001111', code: '042917', purpose: 'login', ttlMinutes: 5 });
    expect(received).toHaveLength(1);
    const p = Object.fromEntries(received[0]!);
    expect(p).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      AccessKeyId: 'LTAI-test-id',
      PhoneNumbers: '13800001111',
      SignName: '灵犀',
      TemplateCode: 'SMS_123456789',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
    });
    expect(JSON.parse(p.TemplateParam!)).toEqual({ code: '042917' });
    expect(p.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(p.Signature).toBe(expectedSignature('GET', received[0]!));
  });

  it('uses a fresh nonce for every call', async () => {
    mode = 'ok';
    received.length = 0;
    const sms = provider();
    for (let i = 0; i < 2; i++)
      await sms.send({ phone: '13800001111', code: '1', purpose: 'login', ttlMinutes: 5 });
    expect(received[0]!.get('SignatureNonce')).not.toBe(received[1]!.get('SignatureNonce'));
  });

  it('throws when the signature is refused', async () => {
    mode = 'ok';
    const sms = provider({ accessKeySecret: 'wrong' });
    await expect(
      sms.send({ phone: '13800001111', code: '1', purpose: 'login', ttlMinutes: 5 }),
    ).rejects.toThrow(/SignatureDoesNotMatch/);
  });

  it('throws when the provider answers an error code, or no JSON at all', async () => {
    const msg = { phone: '13800001111', code: '123456', purpose: 'login' as const, ttlMinutes: 5 };
    mode = 'limited';
    await expect(provider().send(msg)).rejects.toThrow(/isv\.BUSINESS_LIMIT_CONTROL/);
    mode = 'broken';
    await expect(provider().send(msg)).rejects.toThrow(/502/);
  });
});

describe('POST /api/v1/login/code when the SMS provider fails', () => {
  it('answers 20103, keeps no live code, logs the failure, and lets the user retry at once', async () => {
    const t = await (await startTestApp({ sms: provider() })).listen();
    try {
      const phone = randomPhone();
      mode = 'limited';
      const res = await t.call('POST', `/api/v1/login/code/${phone}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 20103, msg: '短信发送失败，请稍后再试', data: null });
      expect(await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(0);
      expect(t.logs.some((l) => l.level === 50 && l.msg === 'sms send failed')).toBe(true);

      mode = 'ok';
      received.length = 0;
      const retry = await t.call('POST', `/api/v1/login/code/${phone}`);
      expect(retry.body.code).toBe(0);
      const code = JSON.parse(received[0]!.get('TemplateParam')!).code as string;
      const login = await t.call('POST', '/api/v1/phone/login', { body: { phone, code } });
      expect(login.body.code).toBe(0);
    } finally {
      await t.close();
    }
  });
});
