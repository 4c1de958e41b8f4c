import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { WechatConfig } from '../../config.wechat.js';

const generate = promisify(generateKeyPair);

/** The verifying key, and the signing key (PKCS#8 PEM) when the server knows it. */
export type JssdkKeyPair = { publicKey: KeyObject; privateKeyPem?: string };

/** Where the made key pair lives (its private key; the public key is derived). */
export const jssdkKeyFile = (dataDir: string) => join(dataDir, 'keys', 'jssdk-request.pem');

/**
 * The key pair JS-SDK config requests are signed with (docs/platforms.md, WeChat JS-SDK): the configured one, or
 * the one kept under DATA_DIR, made the first time it is needed. Loaded once; a failed load is tried again.
 */
export class JssdkKeys {
  private loading?: Promise<JssdkKeyPair>;

  constructor(
    private readonly cfg: WechatConfig['jssdk'],
    private readonly dataDir: string,
  ) {}

  get(): Promise<JssdkKeyPair> {
    this.loading ??= this.load().catch((err: unknown) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  private async load(): Promise<JssdkKeyPair> {
    if (this.cfg.publicKey) {
      return { publicKey: createPublicKey(this.cfg.publicKey), privateKeyPem: this.cfg.privateKey };
    }
    const pem = await loadOrCreateKeyFile(jssdkKeyFile(this.dataDir));
    return { publicKey: createPublicKey(createPrivateKey(pem)), privateKeyPem: pem };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The file's key, or undefined when there is no file. A file being written by another process is waited for. */
async function readKeyFile(file: string): Promise<string | undefined> {
  for (let attempt = 0; ; attempt++) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    try {
      return createPrivateKey(text).export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch {
      // Only the fallback below writes in place; anything still unreadable after a second is not ours to replace.
      if (attempt >= 20)
        throw new Error(`${file}: not a readable private key (remove it to make a new pair)`);
      await sleep(50);
    }
  }
}

/**
 * The private key kept in `file`, made (RSA 2048, PKCS#8, mode 0600) when there is none. Processes starting
 * together agree: each writes its own temporary file in full and hard-links it into place, which never replaces
 * an existing file; the loser drops its key and reads the winner's.
 */
export async function loadOrCreateKeyFile(file: string): Promise<string> {
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeSynced(tmp, privateKey, 'wx');
  try {
    await link(tmp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
      // A file system without hard links: exclusive create, which never replaces either (readers wait above).
      await writeSynced(file, privateKey, 'wx').catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
      });
    } else if (code !== 'EEXIST') {
      throw err;
    }
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  const winner = await readKeyFile(file);
  if (!winner) throw new Error(`${file}: the key file vanished while it was made`);
  return winner;
}

async function writeSynced(path: string, text: string, flag: string) {
  const fh = await open(path, flag, 0o600);
  try {
    await fh.writeFile(text, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
}
