import { spawn } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, type JssdkSignKey } from '@lingxi/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.js';
import { ConfigError, loadConfig } from '../../config.js';
import { jssdkKeyFile, loadOrCreateKeyFile } from './jssdk-keys.js';

/** The key pair of JS-SDK config requests: made once under DATA_DIR, or configured (docs/platforms.md). */
const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'jssdk-keys-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const KEY = '/api/v1/sys/settings/wechat/jssdk/key';
const CONFIG = '/api/v1/sys/settings/wechat/jssdk/config';
const pkcs8 = (k: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
  k.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A config request signed with `key`: without an official account it answers 未配置公众号 once the signature holds. */
async function signedBy(t: Awaited<ReturnType<typeof startTestApp>>, key: string) {
  const uri = 'https://app.lingxi.example/';
  const nonce = randomBytes(16).toString('hex');
  const s = sign('sha256', Buffer.from(uri + nonce), key).toString('base64');
  const res = await t.call('GET', `${CONFIG}?${new URLSearchParams({ uri, nonce })}`, {
    headers: { sign: s },
  });
  return res.body.msg;
}

describe('the key file', () => {
  it('is made once, mode 0600, and every concurrent caller gets the same key, with no temporary file left', async () => {
    const file = jssdkKeyFile(freshDir());
    const keys = await Promise.all(Array.from({ length: 4 }, () => loadOrCreateKeyFile(file)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(createPrivateKey(keys[0]!).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dirname(file))).toEqual(['jssdk-request.pem']);
    expect(await loadOrCreateKeyFile(file)).toBe(keys[0]);
  });

  it('processes starting together agree on one key', async () => {
    const file = jssdkKeyFile(freshDir());
    const here = dirname(fileURLToPath(import.meta.url));
    const script =
      `import { loadOrCreateKeyFile } from ${JSON.stringify(join(here, 'jssdk-keys.ts'))};` +
      `process.stdout.write(await loadOrCreateKeyFile(${JSON.stringify(file)}));`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const keys = await Promise.all([run(), run(), run(), run()]);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(readFileSync(file, 'utf8'));
    expect(readdirSync(dirname(file))).toEqual(['jssdk-request.pem']);
  }, 60_000);

  it('an unreadable key file is an error, never silently replaced', async () => {
    const file = jssdkKeyFile(freshDir());
    await loadOrCreateKeyFile(file);
    writeFileSync(file, 'not a key');
    await expect(loadOrCreateKeyFile(file)).rejects.toThrow(/not a readable private key/);
    expect(readFileSync(file, 'utf8')).toBe('not a key');
  });
});

describe('GET /sys/settings/wechat/jssdk/key', () => {
  it('hands out the made key, the same after a restart on the same DATA_DIR; its signatures verify', async () => {
    const dataDir = freshDir();
    let t = await startTestApp({ env: { DATA_DIR: dataDir } });
    await t.listen();
    const first = await t.call<JssdkSignKey>('GET', KEY);
    expect(first.body.code).toBe(0);
    const key = first.body.data.private_key;
    expect(key).toBe(readFileSync(jssdkKeyFile(dataDir), 'utf8'));
    expect(await signedBy(t, key)).toContain('未配置公众号');
    await t.close();

    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    await t.listen();
    expect((await t.call<JssdkSignKey>('GET', KEY)).body.data.private_key).toBe(key);
    expect(await signedBy(t, key)).toContain('未配置公众号');
    const other = pkcs8(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    expect(await signedBy(t, other)).toBe('签名无效');
    await t.close();
  }, 120_000);

  it('a configured private key (PEM with \\n escapes) is handed out and verifies; nothing is written', async () => {
    const dataDir = freshDir();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = pkcs8(privateKey);
    const t = await startTestApp({
      env: { DATA_DIR: dataDir, JSSDK_REQUEST_PRIVATE_KEY: pem.replace(/\n/g, '\\n') },
    });
    await t.listen();
    expect((await t.call<JssdkSignKey>('GET', KEY)).body.data.private_key).toBe(pem);
    expect(await signedBy(t, pem)).toContain('未配置公众号');
    expect(readdirSync(dataDir)).not.toContain('keys');
    await t.close();
  }, 60_000);

  it('a configured public key alone verifies, and the key endpoint says the server has no key to give', async () => {
    const dataDir = freshDir();
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const file = join(dataDir, 'public.pem');
    writeFileSync(file, publicKey.export({ type: 'spki', format: 'pem' }));
    const t = await startTestApp({ env: { DATA_DIR: dataDir, JSSDK_REQUEST_PUBLIC_KEY: file } });
    await t.listen();
    const res = await t.call('GET', KEY);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '服务器未配置 JS-SDK 签名私钥' });
    expect(await signedBy(t, pkcs8(privateKey))).toContain('未配置公众号');
    expect(readdirSync(dataDir)).toEqual(['public.pem']);
    await t.close();
  }, 60_000);
});

describe('configuration', () => {
  const a = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const b = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = (k: typeof a.publicKey) => k.export({ type: 'spki', format: 'pem' }).toString();
  const errorOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('derives the public key from the private one, and takes a matching pair', () => {
    const c = loadConfig({ JSSDK_REQUEST_PRIVATE_KEY: pkcs8(a.privateKey) });
    expect(c.wechat.jssdk.publicKey).toBe(spki(a.publicKey));
    const both = loadConfig({
      JSSDK_REQUEST_PRIVATE_KEY: pkcs8(a.privateKey),
      JSSDK_REQUEST_PUBLIC_KEY: spki(a.publicKey),
    });
    expect(both.wechat.jssdk.privateKey).toBe(pkcs8(a.privateKey));
    expect(loadConfig({}).wechat.jssdk).toEqual({ publicKey: undefined, privateKey: undefined });
    expect(loadConfig({}).wechat.tokenEndpoint).toBe('stable_token');
  });

  it('refuses keys that are not one pair, not keys, not RSA, or missing files', () => {
    expect(
      errorOf({
        JSSDK_REQUEST_PRIVATE_KEY: pkcs8(a.privateKey),
        JSSDK_REQUEST_PUBLIC_KEY: spki(b.publicKey),
      }),
    ).toMatch(/not one key pair/);
    expect(
      errorOf({ JSSDK_REQUEST_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----' }),
    ).toMatch(/JSSDK_REQUEST_PUBLIC_KEY: not a readable public key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(errorOf({ JSSDK_REQUEST_PRIVATE_KEY: pkcs8(ec.privateKey) })).toMatch(/not an RSA key/);
    expect(errorOf({ JSSDK_REQUEST_PUBLIC_KEY: '/nonexistent/key.pem' })).toMatch(
      /neither PEM text nor a readable file/,
    );
    expect(errorOf({ WECHAT_TOKEN_ENDPOINT: 'other' })).toMatch(/WECHAT_TOKEN_ENDPOINT/);
  });
});
