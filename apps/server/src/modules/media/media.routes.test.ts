import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image } from '../../../test/files.js';
import { DRIVERS, fetchMedia, startUploadsApp, upload } from '../../../test/uploads.js';

const WEBP = 'image/avif,image/webp,image/apng,*/*;q=0.8';
const NO_WEBP = 'image/png,image/*;q=0.8';

describe.each(DRIVERS)('image delivery under /media (%s storage)', (driver) => {
  let u: Awaited<ReturnType<typeof startUploadsApp>>;
  let url: string;
  beforeAll(async () => {
    u = await startUploadsApp(driver);
    const { token } = await u.t.login();
    url = (await upload(u.t, token, 'post_image', await image(1200, 800), 'big.png')).data.url;
  });
  afterAll(() => u.close());

  const widthOf = async (body: Buffer) => (await sharp(body).metadata()).width;

  it('serves the original with long cache headers, embeddable from another origin', async () => {
    const res = await fetchMedia(u.t, url, NO_WEBP);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('vary')).toMatch(/accept/i);
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
    expect(await widthOf(res.body)).toBe(1200);
    const head = await fetch(u.t.base + url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  });

  it('resizes by a width suffix, snapped to the set of widths, never enlarged', async () => {
    for (const [asked, got] of [
      [1, 64],
      [64, 64],
      [65, 128],
      [300, 375],
      [375, 375],
      [700, 750],
      [1080, 1080],
      [4000, 1080],
    ]) {
      const res = await fetchMedia(u.t, `${url}@w${asked}`, NO_WEBP);
      expect(res.status, `@w${asked}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await widthOf(res.body), `@w${asked}`).toBe(got);
    }
    const { token } = await u.t.login();
    const small = (await upload(u.t, token, 'post_image', await image(100, 60), 's.png')).data.url;
    expect(await widthOf((await fetchMedia(u.t, `${small}@w750`)).body)).toBe(100);
  });

  it('caches each snapped variant in the storage and serves it from there', async () => {
    const key = url.slice('/media/'.length);
    const first = await fetchMedia(u.t, `${url}@w200`, NO_WEBP);
    expect(await u.storage.exists(`cache/${key}@w256.png`)).toBe(true);
    expect((await fetchMedia(u.t, `${url}@w250`, NO_WEBP)).body).toEqual(first.body);
    // Replace the cached variant behind the app's back: what is served comes from the cache.
    const marker = await image(7, 7);
    await u.storage.put(`cache/${key}@w256.png`, marker, 'image/png');
    expect((await fetchMedia(u.t, `${url}@w129`, NO_WEBP)).body).toEqual(marker);
  });

  it('answers in WebP when the browser takes it, and says the answer varies by Accept', async () => {
    const webp = await fetchMedia(u.t, `${url}@w750`, WEBP);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toMatch(/accept/i);
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width: 750 });
    const png = await fetchMedia(u.t, `${url}@w750`, NO_WEBP);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('vary')).toMatch(/accept/i);
    const original = await fetchMedia(u.t, url, WEBP);
    expect(await sharp(original.body).metadata()).toMatchObject({ format: 'webp', width: 1200 });
    expect(await u.storage.exists(`cache/${url.slice('/media/'.length)}@w0.webp`)).toBe(true);
    // A WebP original is WebP for everyone: nothing varies.
    const { token } = await u.t.login();
    const w = (await upload(u.t, token, 'avatar', await image(300, 300, 'webp'), 'a.webp')).data.url;
    const res = await fetchMedia(u.t, `${w}@w128`, NO_WEBP);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept/i);
  });

  it('answers 404 for anything that is not an uploaded image', async () => {
    const id = url.split('/').pop()!.split('.')[0];
    for (const path of [
      '/media/u/aaaaaaaaaaaaaaaaaaaaaa.png',
      `/media/u/${id}.jpg`,
      `/media/u/${id}.png@w0`,
      `/media/u/${id}.png@wabc`,
      `/media/u/${id}.png@w128.png`,
      `/media/u/${id}.exe`,
      '/media/u/short.png',
      '/media/u/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/media/u/..%2F..%2Fpglite',
      '/media/cache/x.png',
    ]) {
      const res = await fetchMedia(u.t, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control')).toBeNull();
      // The refusal is the envelope, as every other answer of the app (the fuzz suite found text here).
      expect(JSON.parse(res.body.toString()), path).toEqual({
        code: 10004,
        msg: '请求的资源不存在',
        data: null,
      });
    }
  });

  it('still serves the generated avatars', async () => {
    const res = await fetchMedia(u.t, '/media/avatars/male/male-1.svg');
    const refused = await fetchMedia(u.t, '/media/avatars/male/%E6%B5%8B.svg');
    expect([refused.status, JSON.parse(refused.body.toString()).code]).toEqual([404, 10004]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.body.toString()).toContain('<svg');
  });

  it.runIf(driver === 'disk')('keeps variants under DATA_DIR/uploads/cache', async () => {
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${u.dataDir}/uploads/cache/${url.slice('/media/'.length)}@w375.png`)).toBe(true);
  });
});
