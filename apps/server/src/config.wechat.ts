import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The WeChat part of the environment (docs/money.md, WeChat Pay), merged into config.ts's schema. */
export const wechatEnv = {
  WECHATPAY_MCH_ID: z.string().default(''),
  WECHATPAY_APP_ID: z.string().default(''),
  WECHATPAY_APIV3_KEY: z.string().default(''),
  WECHATPAY_MCH_SERIAL: z.string().default(''),
  WECHATPAY_MCH_PRIVATE_KEY: z.string().default(''),
  WECHATPAY_PUBLIC_KEY_ID: z.string().default(''),
  WECHATPAY_PUBLIC_KEY: z.string().default(''),
  WECHATPAY_PLATFORM_CERTS: z.string().default(''),
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_NOTIFY_URL: z.string().url().optional(),
  WECHATPAY_REFUND_NOTIFY_URL: z.string().url().optional(),
  WECHAT_OA_APP_ID: z.string().default(''),
  WECHAT_OA_APP_SECRET: z.string().default(''),
  WECHAT_MP_APP_ID: z.string().default(''),
  WECHAT_MP_APP_SECRET: z.string().default(''),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /** Which access-token endpoint the JS-SDK ticket is fetched with (docs/platforms.md, WeChat JS-SDK). */
  WECHAT_TOKEN_ENDPOINT: z.enum(['stable_token', 'token']).default('stable_token'),
  JSSDK_REQUEST_PUBLIC_KEY: z.string().default(''),
  JSSDK_REQUEST_PRIVATE_KEY: z.string().default(''),
};

type WechatEnv = z.infer<z.ZodObject<typeof wechatEnv>>;

/** A key WeChat Pay signs with, named by what its `Wechatpay-Serial` header says. */
export type WechatPayKey = {
  /** The public key id (`PUB_KEY_ID_…`) or the platform certificate's serial, upper case. */
  serial: string;
  kind: 'public_key' | 'platform_cert';
  /** SPKI PEM. */
  publicKey: string;
};

export type WechatPayConfig = {
  mchId: string;
  appId: string;
  /** The host mini-program's app, when it pays through this merchant too (its JSAPI payments name it). */
  mpAppId?: string;
  /** The APIv3 key: 32 bytes, the AES-256-GCM key of notifications. */
  apiV3Key: string;
  /** The serial of the merchant's API certificate, sent in every request's Authorization. */
  mchSerial: string;
  /** The merchant's API private key (PKCS#8 PEM): signs requests and the JSAPI parameters. */
  mchPrivateKey: string;
  /** Every key WeChat Pay may sign with (both modes during a switch). */
  keys: WechatPayKey[];
  baseUrl: string;
  notifyUrl: string;
  refundNotifyUrl: string;
};

export type WechatConfig = {
  /** Set when WECHATPAY_MCH_ID is. */
  pay?: WechatPayConfig;
  /** The official account's web authorisation (JSAPI needs the payer's OA openid). */
  oa?: { appId: string; appSecret: string };
  /** The host mini-program (its pay page gets the payer's openid from `wx.login`). */
  mp?: { appId: string; appSecret: string };
  apiBase: string;
  /** `stable_token` (POST, preferred) or `token` (GET): how the OA's access token is fetched. */
  tokenEndpoint: 'stable_token' | 'token';
  /**
   * The key pair the web app signs JS-SDK config requests with (docs/platforms.md, WeChat JS-SDK): SPKI and
   * PKCS#8 PEM as given; neither given, one is made under DATA_DIR when first needed.
   */
  jssdk: { publicKey?: string; privateKey?: string };
};

export class WechatConfigError extends Error {}

/** A PEM given inline (`\n` escapes allowed, as env files write them) or a file path. */
function pemOrFile(name: string, value: string): string {
  const v = value.trim();
  if (v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n');
  try {
    return readFileSync(v, 'utf8');
  } catch {
    throw new WechatConfigError(`${name}: neither PEM text nor a readable file: ${v}`);
  }
}

const CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** WECHATPAY_PLATFORM_CERTS: PEM text with one or more certificates, or comma-separated paths. */
function platformCerts(value: string): WechatPayKey[] {
  const v = value.trim();
  const text = v.includes('-----BEGIN')
    ? v.replace(/\\n/g, '\n')
    : v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => pemOrFile('WECHATPAY_PLATFORM_CERTS', p))
        .join('\n');
  const pems = text.match(CERT) ?? [];
  if (!pems.length) throw new WechatConfigError('WECHATPAY_PLATFORM_CERTS: no certificate found');
  return pems.map((pem) => {
    try {
      const cert = new X509Certificate(pem);
      return {
        serial: cert.serialNumber.toUpperCase(),
        kind: 'platform_cert' as const,
        publicKey: cert.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      };
    } catch {
      throw new WechatConfigError('WECHATPAY_PLATFORM_CERTS: a certificate cannot be read');
    }
  });
}

function payConfig(e: WechatEnv, publicUrl: string): WechatPayConfig | undefined {
  if (!e.WECHATPAY_MCH_ID) return undefined;
  const required = [
    'WECHATPAY_APP_ID',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_MCH_SERIAL',
    'WECHATPAY_MCH_PRIVATE_KEY',
  ] as const;
  const missing = required.filter((k) => !e[k]);
  if (missing.length) throw new WechatConfigError(`WECHATPAY_MCH_ID is set: also set ${missing.join(', ')}`);
  if (Buffer.byteLength(e.WECHATPAY_APIV3_KEY, 'utf8') !== 32) {
    throw new WechatConfigError('WECHATPAY_APIV3_KEY: must be exactly 32 bytes');
  }
  if (!e.WECHATPAY_PLATFORM_CERTS && !(e.WECHATPAY_PUBLIC_KEY_ID && e.WECHATPAY_PUBLIC_KEY)) {
    throw new WechatConfigError(
      'WECHATPAY_MCH_ID is set: also set WECHATPAY_PUBLIC_KEY_ID and WECHATPAY_PUBLIC_KEY (public-key mode) ' +
        'and/or WECHATPAY_PLATFORM_CERTS (platform-certificate mode)',
    );
  }
  if (Boolean(e.WECHATPAY_PUBLIC_KEY_ID) !== Boolean(e.WECHATPAY_PUBLIC_KEY)) {
    throw new WechatConfigError('WECHATPAY_PUBLIC_KEY_ID and WECHATPAY_PUBLIC_KEY go together');
  }
  const mchPrivateKey = pemOrFile('WECHATPAY_MCH_PRIVATE_KEY', e.WECHATPAY_MCH_PRIVATE_KEY);
  try {
    createPrivateKey(mchPrivateKey);
  } catch {
    throw new WechatConfigError('WECHATPAY_MCH_PRIVATE_KEY: not a readable private key');
  }
  const keys: WechatPayKey[] = [];
  if (e.WECHATPAY_PUBLIC_KEY_ID) {
    const pem = pemOrFile('WECHATPAY_PUBLIC_KEY', e.WECHATPAY_PUBLIC_KEY);
    try {
      createPublicKey(pem);
    } catch {
      throw new WechatConfigError('WECHATPAY_PUBLIC_KEY: not a readable public key');
    }
    keys.push({ serial: e.WECHATPAY_PUBLIC_KEY_ID.trim().toUpperCase(), kind: 'public_key', publicKey: pem });
  }
  if (e.WECHATPAY_PLATFORM_CERTS) keys.push(...platformCerts(e.WECHATPAY_PLATFORM_CERTS));
  return {
    mchId: e.WECHATPAY_MCH_ID,
    appId: e.WECHATPAY_APP_ID,
    mpAppId: e.WECHAT_MP_APP_ID || undefined,
    apiV3Key: e.WECHATPAY_APIV3_KEY,
    mchSerial: e.WECHATPAY_MCH_SERIAL.trim().toUpperCase(),
    mchPrivateKey,
    keys,
    baseUrl: e.WECHATPAY_BASE_URL.replace(/\/$/, ''),
    notifyUrl: e.WECHATPAY_NOTIFY_URL ?? `${publicUrl}/api/v1/pay/wechat/notify`,
    refundNotifyUrl: e.WECHATPAY_REFUND_NOTIFY_URL ?? `${publicUrl}/api/v1/pay/wechat/refund-notify`,
  };
}

function appPair(e: WechatEnv, id: 'WECHAT_OA' | 'WECHAT_MP') {
  const appId = e[`${id}_APP_ID`];
  const appSecret = e[`${id}_APP_SECRET`];
  if (Boolean(appId) !== Boolean(appSecret)) {
    throw new WechatConfigError(`${id}_APP_ID and ${id}_APP_SECRET go together`);
  }
  return appId ? { appId, appSecret } : undefined;
}

export function wechatConfig(e: WechatEnv, publicUrl: string): WechatConfig {
  const pay = payConfig(e, publicUrl);
  const oa = appPair(e, 'WECHAT_OA');
  // JSAPI pays for WECHATPAY_APP_ID with the openid the OA authorisation bound: of that app, or of none.
  if (pay && oa && oa.appId !== pay.appId) {
    throw new WechatConfigError('WECHAT_OA_APP_ID must be WECHATPAY_APP_ID (JSAPI pays with the OA openid)');
  }
  return {
    pay,
    oa,
    mp: appPair(e, 'WECHAT_MP'),
    apiBase: e.WECHAT_API_BASE.replace(/\/$/, ''),
    tokenEndpoint: e.WECHAT_TOKEN_ENDPOINT,
    jssdk: jssdkKeys(e),
  };
}

/**
 * JSSDK_REQUEST_PUBLIC_KEY / JSSDK_REQUEST_PRIVATE_KEY (PEM text or paths): the private key alone gives both; the
 * public key alone verifies (the key endpoint then has nothing to hand out); both must be one pair.
 */
function jssdkKeys(e: WechatEnv): WechatConfig['jssdk'] {
  let privateKey: string | undefined;
  let publicKey: string | undefined;
  if (e.JSSDK_REQUEST_PRIVATE_KEY) {
    const pem = pemOrFile('JSSDK_REQUEST_PRIVATE_KEY', e.JSSDK_REQUEST_PRIVATE_KEY);
    let key;
    try {
      key = createPrivateKey(pem);
    } catch {
      throw new WechatConfigError('JSSDK_REQUEST_PRIVATE_KEY: not a readable private key');
    }
    if (key.asymmetricKeyType !== 'rsa') {
      throw new WechatConfigError('JSSDK_REQUEST_PRIVATE_KEY: not an RSA key');
    }
    privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString();
    publicKey = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  }
  if (e.JSSDK_REQUEST_PUBLIC_KEY) {
    const pem = pemOrFile('JSSDK_REQUEST_PUBLIC_KEY', e.JSSDK_REQUEST_PUBLIC_KEY);
    let key;
    try {
      key = createPublicKey(pem);
    } catch {
      throw new WechatConfigError('JSSDK_REQUEST_PUBLIC_KEY: not a readable public key');
    }
    if (key.asymmetricKeyType !== 'rsa') {
      throw new WechatConfigError('JSSDK_REQUEST_PUBLIC_KEY: not an RSA key');
    }
    const spki = key.export({ type: 'spki', format: 'pem' }).toString();
    if (publicKey && publicKey !== spki) {
      throw new WechatConfigError(
        'JSSDK_REQUEST_PUBLIC_KEY and JSSDK_REQUEST_PRIVATE_KEY are not one key pair',
      );
    }
    publicKey = spki;
  }
  return { publicKey, privateKey };
}
