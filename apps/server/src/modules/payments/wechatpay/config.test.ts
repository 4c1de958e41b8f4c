import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeKeys } from '../../../../test/fake-wechatpay-support.js';
import { ConfigError, loadConfig } from '../../../config.js';

const keys = fakeKeys();
const dir = mkdtempSync(join(tmpdir(), 'wxpay-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'https://lingxi.example/',
  WECHATPAY_MCH_ID: '1900000109',
  WECHATPAY_APP_ID: 'wxd678efh567hg6787',
  WECHATPAY_APIV3_KEY: 'a'.repeat(32),
  WECHATPAY_MCH_SERIAL: 'abc123',
  WECHATPAY_MCH_PRIVATE_KEY: keys.merchant.privateKeyPem,
  WECHATPAY_PUBLIC_KEY_ID: keys.publicKeyMode.id,
  WECHATPAY_PUBLIC_KEY: keys.publicKeyMode.publicKeyPem,
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  return expect.fail('configuration accepted');
};

describe('WeChat configuration', () => {
  it('is off without WECHATPAY_MCH_ID', () => {
    const wechat = loadConfig({ NODE_ENV: 'test' }).wechat;
    expect(wechat.pay).toBeUndefined();
    expect(wechat.oa).toBeUndefined();
    expect(wechat.mp).toBeUndefined();
    expect(wechat.apiBase).toBe('https://api.weixin.qq.com');
  });

  it('reads public-key mode, with the default base and notify URLs', () => {
    const pay = loadConfig(base).wechat.pay!;
    expect(pay).toMatchObject({
      mchId: '1900000109',
      mchSerial: 'ABC123',
      baseUrl: 'https://api.mch.weixin.qq.com',
      notifyUrl: 'https://lingxi.example/api/v1/pay/wechat/notify',
      refundNotifyUrl: 'https://lingxi.example/api/v1/pay/wechat/refund-notify',
    });
    expect(pay.keys).toEqual([
      { serial: keys.publicKeyMode.id, kind: 'public_key', publicKey: expect.any(String) },
    ]);
  });

  it('reads keys and certificates from files or from one-line PEM, the serial from each certificate', () => {
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    writeFileSync(cert, keys.certMode.certPem);
    writeFileSync(key, keys.merchant.privateKeyPem);
    const fromFiles = loadConfig({
      ...base,
      WECHATPAY_MCH_PRIVATE_KEY: key,
      WECHATPAY_PLATFORM_CERTS: `${cert}, ${cert}`,
    });
    expect(fromFiles.wechat.pay!.keys.map((k) => [k.kind, k.serial])).toEqual([
      ['public_key', keys.publicKeyMode.id],
      ['platform_cert', keys.certMode.serial],
      ['platform_cert', keys.certMode.serial],
    ]);
    const oneLine = loadConfig({
      ...base,
      WECHATPAY_PUBLIC_KEY_ID: '',
      WECHATPAY_PUBLIC_KEY: '',
      WECHATPAY_MCH_PRIVATE_KEY: keys.merchant.privateKeyPem.replace(/\n/g, '\\n'),
      WECHATPAY_PLATFORM_CERTS: keys.certMode.certPem.replace(/\n/g, '\\n'),
    });
    expect(oneLine.wechat.pay!.keys).toEqual([
      {
        serial: keys.certMode.serial,
        kind: 'platform_cert',
        publicKey: expect.stringContaining('PUBLIC KEY'),
      },
    ]);
  });

  it('fails at startup, saying what is missing or wrong', () => {
    expect(refusal({ ...base, WECHATPAY_APP_ID: '', WECHATPAY_MCH_SERIAL: '' })).toBe(
      'WECHATPAY_MCH_ID is set: also set WECHATPAY_APP_ID, WECHATPAY_MCH_SERIAL',
    );
    expect(refusal({ ...base, WECHATPAY_APIV3_KEY: 'a'.repeat(31) })).toMatch(/exactly 32 bytes/);
    expect(refusal({ ...base, WECHAT_OA_APP_ID: 'wxother', WECHAT_OA_APP_SECRET: 's' })).toMatch(
      /WECHAT_OA_APP_ID must be WECHATPAY_APP_ID/,
    );
    expect(refusal({ ...base, WECHATPAY_PUBLIC_KEY_ID: '', WECHATPAY_PUBLIC_KEY: '' })).toMatch(
      /WECHATPAY_PLATFORM_CERTS/,
    );
    expect(
      refusal({ ...base, WECHATPAY_PUBLIC_KEY: '', WECHATPAY_PLATFORM_CERTS: keys.certMode.certPem }),
    ).toMatch(/go together/);
    expect(refusal({ ...base, WECHATPAY_MCH_PRIVATE_KEY: join(dir, 'missing.pem') })).toMatch(
      /readable file/,
    );
    expect(
      refusal({
        ...base,
        WECHATPAY_MCH_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nxx\n-----END PRIVATE KEY-----',
      }),
    ).toMatch(/not a readable private key/);
    expect(
      refusal({
        ...base,
        WECHATPAY_PLATFORM_CERTS: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----',
      }),
    ).toMatch(/cannot be read/);
    expect(refusal({ NODE_ENV: 'test', WECHAT_OA_APP_ID: 'wx1' })).toMatch(/WECHAT_OA_APP_SECRET/);
  });
});

describe('the sandbox payment provider', () => {
  it('is on by default, in production too, and off once WeChat Pay is configured unless asked for', () => {
    expect(loadConfig({}).paySandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).paySandbox).toBe(true);
    expect(loadConfig(base).paySandbox).toBe(false);
    expect(loadConfig({ ...base, PAY_SANDBOX: 'true' }).paySandbox).toBe(true);
    expect(loadConfig({ PAY_SANDBOX: 'false' }).paySandbox).toBe(false);
  });
});
