import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { WechatPayKey } from '../../../config.wechat.js';

/** The signatures and the AEAD of WeChat Pay API v3 (docs/money.md, WeChat Pay). */

/** 32 upper-case hex characters: a request's or a JSAPI call's nonce. */
export const nonceStr = () => randomBytes(16).toString('hex').toUpperCase();

/** RSA-SHA256 (PKCS#1 v1.5), base64: requests and the JSAPI `paySign`. */
export function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

export function rsaVerify(key: KeyObject, message: Buffer, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export const privateKeyOf = (pem: string) => createPrivateKey(pem);

/** `timestamp\nnonce\nbody\n`, over the body's exact bytes: what WeChat Pay signs (answers, notifications). */
export function signedMessage(timestamp: string, nonce: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), body, Buffer.from('\n')]);
}

/** WeChat Pay's keys by the serial its `Wechatpay-Serial` header names (public key id or certificate serial). */
export class WechatPayKeys {
  private readonly bySerial = new Map<string, KeyObject>();
  constructor(keys: WechatPayKey[]) {
    for (const k of keys) this.bySerial.set(k.serial.toUpperCase(), createPublicKey(k.publicKey));
  }

  /** 'unknown': no key of that serial (refused, never tried against another key). */
  verify(serial: string, message: Buffer, signature: string): 'ok' | 'unknown' | 'bad' {
    const key = this.bySerial.get(serial.trim().toUpperCase());
    if (!key) return 'unknown';
    return rsaVerify(key, message, signature) ? 'ok' : 'bad';
  }
}

export type EncryptedResource = {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
};

/**
 * AEAD_AES_256_GCM with the APIv3 key: the ciphertext is base64 of the encrypted bytes followed by the 16-byte
 * tag. Throws when the tag does not match (a forged or damaged resource).
 */
export function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${r.algorithm}`);
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(r.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
