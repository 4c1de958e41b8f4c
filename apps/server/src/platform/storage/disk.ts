import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertSafeKey,
  contentTypeOfKey,
  type ObjectHead,
  type Storage,
  type StoredObject,
} from './storage.js';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * The embedded store: one file per key under `root` (DATA_DIR/uploads). Keys are checked (no `..`, no
 * absolute paths), every directory on the way must resolve inside the root (a symlinked directory cannot lead
 * out), and files are opened without following a symlink. Writes go to a temporary file first and are renamed
 * into place, so a reader never sees half a file.
 */
export class DiskStorage implements Storage {
  readonly kind = 'disk';
  private rootReal: Promise<string> | undefined;

  constructor(private readonly root: string) {}

  private realRoot() {
    this.rootReal ??= mkdir(this.root, { recursive: true }).then(() => realpath(this.root));
    return this.rootReal;
  }

  /** The file's path, or null when its directory does not exist (and `create` is false). */
  private async pathOf(key: string, create: boolean): Promise<string | null> {
    assertSafeKey(key);
    const root = await this.realRoot();
    const path = join(root, ...key.split('/'));
    const dir = dirname(path);
    if (create) await mkdir(dir, { recursive: true });
    let real: string;
    try {
      real = await realpath(dir);
    } catch (err) {
      if (code(err) === 'ENOENT') return null;
      throw err;
    }
    if (real !== root && !real.startsWith(root + sep)) throw new Error(`storage key leads out of the root`);
    return path;
  }

  /** An open regular file that is no symlink, or null. */
  private async openFile(key: string): Promise<{ fh: FileHandle; size: number } | null> {
    const path = await this.pathOf(key, false);
    if (!path) return null;
    let fh: FileHandle;
    try {
      fh = await open(path, constants.O_RDONLY | NOFOLLOW);
    } catch (err) {
      // ELOOP: a symlink where a file should be, which is no object of ours.
      if (code(err) === 'ENOENT' || code(err) === 'ELOOP' || code(err) === 'ENOTDIR') return null;
      throw err;
    }
    const stat = await fh.stat();
    if (!stat.isFile()) {
      await fh.close();
      return null;
    }
    return { fh, size: stat.size };
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const path = (await this.pathOf(key, true))!;
    // Keys never start with a dot, so the temporary directory is out of their reach.
    const tmpDir = join(await this.realRoot(), '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, randomBytes(12).toString('hex'));
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;
    const fh = await open(tmp, flags, 0o644);
    try {
      if (Buffer.isBuffer(body)) await fh.writeFile(body);
      else for await (const chunk of body) await fh.write(chunk as Buffer);
      await fh.close();
      await rename(tmp, path);
    } catch (err) {
      await fh.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = await this.openFile(key);
    if (!file) return null;
    return {
      body: file.fh.createReadStream(),
      contentType: contentTypeOfKey(key),
      contentLength: file.size,
    };
  }

  async head(key: string): Promise<ObjectHead | null> {
    const file = await this.openFile(key);
    if (!file) return null;
    await file.fh.close();
    return { contentType: contentTypeOfKey(key), contentLength: file.size };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const path = await this.pathOf(key, false);
    if (!path) return;
    await unlink(path).catch((err) => {
      if (code(err) !== 'ENOENT') throw err;
    });
  }

  async presignUpload(): Promise<null> {
    return null;
  }
}
