import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_TEST_BUCKET, startS3Server } from '../../../test/s3-server.js';
import { DiskStorage } from './disk.js';
import { S3Storage } from './s3.js';
import { isSafeKey, readAll, type Storage } from './storage.js';

const UNSAFE = [
  '',
  '../x',
  'a/../b',
  '/etc/passwd',
  'a//b',
  'a\\b',
  '.hidden',
  'a/.git/x',
  'a/',
  'x\0y',
  'é',
  'a b',
];

describe('storage keys', () => {
  it('take plain segments only: no dots first, no traversal, no absolute paths', () => {
    for (const key of ['u/abc.png', 'cache/u/abc.png@w256.webp', 'tmp/AbC-_9', 'p/x.docx']) {
      expect(isSafeKey(key), key).toBe(true);
    }
    for (const key of [...UNSAFE, 'a'.repeat(513)]) expect(isSafeKey(key), key).toBe(false);
  });
});

/** The same behaviour from both stores. */
function behavesAsStorage(make: () => Storage) {
  it('puts, reads, heads and deletes objects, from buffers and streams', async () => {
    const s = make();
    await s.put('t/one.txt', Buffer.from('hello'), 'text/plain; charset=utf-8');
    expect(await s.head('t/one.txt')).toMatchObject({ contentLength: 5 });
    const got = (await s.get('t/one.txt'))!;
    expect(got.contentType).toMatch(/^text\/plain/);
    expect(got.contentLength).toBe(5);
    expect((await readAll(got.body)).toString()).toBe('hello');
    await s.put('t/two.png', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'image/png');
    expect((await readAll((await s.get('t/two.png'))!.body)).toString()).toBe('abcd');
    // Overwrite.
    await s.put('t/one.txt', Buffer.from('bye'), 'text/plain');
    expect((await readAll((await s.get('t/one.txt'))!.body)).toString()).toBe('bye');
    expect(await s.exists('t/one.txt')).toBe(true);
    await s.delete('t/one.txt');
    expect(await s.exists('t/one.txt')).toBe(false);
    expect(await s.get('t/one.txt')).toBeNull();
    expect(await s.head('nothing/here.txt')).toBeNull();
    await s.delete('nothing/here.txt');
  });

  it('refuses unsafe keys before touching anything', async () => {
    const s = make();
    for (const key of UNSAFE) {
      await expect(s.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/unsafe storage key/);
      await expect(s.get(key), key).rejects.toThrow(/unsafe storage key/);
      await expect(s.delete(key), key).rejects.toThrow(/unsafe storage key/);
    }
  });

  it('limits reading an object', async () => {
    const s = make();
    await s.put('t/big.txt', Buffer.alloc(1000, 'a'), 'text/plain');
    await expect(readAll((await s.get('t/big.txt'))!.body, 999)).rejects.toThrow(RangeError);
  });
}

describe('DiskStorage', () => {
  let dir: string;
  let root: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lingxi-disk-'));
    root = join(dir, 'uploads');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  behavesAsStorage(() => new DiskStorage(root));

  it('takes no direct uploads: the app receives files itself', async () => {
    expect(await new DiskStorage(root).presignUpload()).toBeNull();
  });

  it('does not follow a symlinked directory or file out of its root', async () => {
    const s = new DiskStorage(root);
    const outside = join(dir, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'secret.txt'), 'top secret');
    await s.put('seed.txt', Buffer.from('x'), 'text/plain');
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));

    await expect(s.get('escape/secret.txt')).rejects.toThrow(/out of the root/);
    await expect(s.put('escape/new.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/out of the root/);
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
    expect(await s.get('link.txt')).toBeNull();
    expect(await s.exists('link.txt')).toBe(false);
    // Writing over the link replaces the link, not the file it pointed at.
    await s.put('link.txt', Buffer.from('mine'), 'text/plain');
    expect((await readAll((await s.get('link.txt'))!.body)).toString()).toBe('mine');
    expect((await import('node:fs')).readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });
});

describe('S3Storage (against a local S3-compatible server)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const config = (uploadMethod: 'post' | 'put') => ({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: S3_TEST_BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    uploadMethod,
  });
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  behavesAsStorage(() => new S3Storage(config('post')));

  it('presigns a browser POST to the key, in the form S3 expects', async () => {
    const s = new S3Storage(config('post'));
    const direct = await s.presignUpload('tmp/post-1', { maxBytes: 100, expiresInSeconds: 60 });
    expect(direct).toMatchObject({ method: 'POST', url: `${s3.endpoint}/${S3_TEST_BUCKET}` });
    expect(direct.fields).toMatchObject({ key: 'tmp/post-1', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const form = new FormData();
    for (const [k, v] of Object.entries(direct.fields)) form.append(k, v);
    form.append('file', new Blob([Buffer.from('posted')]), 'x.bin');
    expect((await fetch(direct.url, { method: 'POST', body: form })).ok).toBe(true);
    expect((await readAll((await s.get('tmp/post-1'))!.body)).toString()).toBe('posted');
  });

  it('presigns a PUT when configured so, and addresses browsers by S3_PUBLIC_URL', async () => {
    const s = new S3Storage(config('put'));
    const direct = await s.presignUpload('tmp/put-1', { maxBytes: 100, expiresInSeconds: 60 });
    expect(direct.method).toBe('PUT');
    expect((await fetch(direct.url, { method: 'PUT', body: 'put it' })).ok).toBe(true);
    expect((await readAll((await s.get('tmp/put-1'))!.body)).toString()).toBe('put it');
    // s3rver checks the access key but not V4 signatures: the URL's form is checked here instead.
    const signed = new URL(direct.url);
    expect(signed.pathname).toBe(`/${S3_TEST_BUCKET}/tmp/put-1`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const publicUrl = 'https://uploads.lingxi.example/bucket';
    const viaCdn = new S3Storage({ ...config('post'), publicUrl });
    expect((await viaCdn.presignUpload('tmp/x', { maxBytes: 1, expiresInSeconds: 60 })).url).toBe(publicUrl);
  });
});
