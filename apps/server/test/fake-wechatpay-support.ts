import { execFileSync } from 'node:child_process';
import {
  createCipheriv,
  createPrivateKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Keys of the fake WeChat Pay (apps/server/test/fake-wechatpay.ts), made once per test process: the merchant's
 * API key, WeChat Pay's public key (public-key mode) and a self-signed platform certificate (certificate mode;
 * node cannot make certificates, so openssl does).
 */
export type FakeKeys = {
  merchant: { privateKeyPem: string; publicKey: KeyObject; serial: string };
  publicKeyMode: { id: string; privateKey: KeyObject; publicKeyPem: string };
  certMode: { serial: string; privateKey: KeyObject; certPem: string };
};

let cached: FakeKeys | undefined;

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

function selfSignedCert(): { keyPem: string; certPem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-wxpay-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
        ...['-subj', '/C=CN/O=Tenpay.com/CN=Tenpay.com Root CA'],
      ],
      { stdio: 'ignore' },
    );
    return {
      keyPem: readFileSync(join(dir, 'key.pem'), 'utf8'),
      certPem: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function fakeKeys(): FakeKeys {
  if (cached) return cached;
  const m = rsa();
  const p = rsa();
  const c = selfSignedCert();
  cached = {
    merchant: {
      privateKeyPem: m.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: m.publicKey,
      serial: randomBytes(20).toString('hex').toUpperCase(),
    },
    publicKeyMode: {
      id: `PUB_KEY_ID_0116${String(Date.now()).padStart(24, '0')}`,
      privateKey: p.privateKey,
      publicKeyPem: p.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    certMode: {
      serial: new X509Certificate(c.certPem).serialNumber.toUpperCase(),
      privateKey: createPrivateKey(c.keyPem),
      certPem: c.certPem,
    },
  };
  return cached;
}

export const rsaSign = (key: KeyObject, message: Buffer | string) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');

export const rsaVerify = (key: KeyObject, message: string, signature: string) => {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
};

/** AEAD_AES_256_GCM as WeChat Pay encrypts a notification's resource: base64(ciphertext ‖ 16-byte tag). */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: associatedData,
  };
}

/** RFC 3339 in China time, as WeChat Pay writes times. */
export const china = (ms: number) =>
  new Date(Math.floor(ms / 1000) * 1000 + 8 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+08:00');

/** The OA's and the mini-program's code exchange: each code once, as WeChat does (errors answered 200). */
export function exchangeCode(
  res: ServerResponse,
  url: URL,
  codes: Map<string, string>,
  appid: string,
  codeParam: string,
) {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const code = url.searchParams.get(codeParam) ?? '';
  const openid = codes.get(code);
  if (url.searchParams.get('appid') !== appid || !url.searchParams.get('secret')) {
    return res.end(JSON.stringify({ errcode: 40013, errmsg: 'invalid appid' }));
  }
  if (!openid) return res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
  codes.delete(code);
  res.end(
    JSON.stringify({
      access_token: 'ACCESS',
      expires_in: 7200,
      openid,
      session_key: 'SK',
      scope: 'snsapi_base',
    }),
  );
}
