import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exe, image, phonePhoto, zip } from '../../../test/files.js';
import { DRIVERS, fetchMedia, startUploadsApp, upload } from '../../../test/uploads.js';
import { uploads } from '../../db/schema/uploads.js';

const MB = 1024 * 1024;

/** Every file under a directory, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1));

describe.each(DRIVERS)('uploaded files are checked by content (%s storage)', (driver) => {
  let u: Awaited<ReturnType<typeof startUploadsApp>>;
  beforeAll(async () => {
    u = await startUploadsApp(driver);
  });
  afterAll(() => u.close());

  const rowsOf = (userId: number) => u.t.db.select().from(uploads).where(eq(uploads.userId, userId));

  it('takes JPEG, PNG, WebP and GIF images and serves them under /media/u/', async () => {
    const { token } = await u.t.login();
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const res = await upload(u.t, token, 'post_image', await image(120, 90, format), `photo.${format}`);
      expect(res.code, format).toBe(0);
      const ext = format === 'jpeg' ? 'jpg' : format;
      expect(res.data).toMatchObject({ purpose: 'post_image', width: 120, height: 90, name: `photo.${ext}` });
      expect(res.data.url).toMatch(new RegExp(`^/media/u/[A-Za-z0-9_-]{22}\\.${ext}$`));
      expect(res.data.mime).toBe(`image/${format}`);
      const media = await fetchMedia(u.t, res.data.url, 'image/*');
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe(`image/${format}`);
      expect((await sharp(media.body).metadata()).format).toBe(format);
    }
  });

  it('refuses a file whose content is not what the purpose takes, whatever its name', async () => {
    const { token, user } = await u.t.login();
    const cases = [
      { purpose: 'avatar', file: Buffer.from('just some text, not a picture\n'), name: 'avatar.png' },
      { purpose: 'avatar', file: exe(), name: 'holiday.jpg' },
      {
        purpose: 'post_image',
        file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'x.svg',
      },
      { purpose: 'knowledge_doc', file: zip({ 'evil.sh': 'rm -rf /' }), name: 'report.docx' },
      { purpose: 'knowledge_doc', file: exe(), name: 'notes.txt' },
      { purpose: 'knowledge_doc', file: await image(40, 40), name: 'notes.md' },
    ] as const;
    for (const c of cases) {
      const res = await upload(u.t, token, c.purpose, c.file, c.name);
      expect(res.code, c.name).toBe(10043);
      expect(res.msg).toMatch(/^文件类型不支持，请上传/);
    }
    // A PNG signature followed by garbage is no image.
    const broken = Buffer.concat([(await image(40, 40)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await upload(u.t, token, 'avatar', broken, 'broken.png');
    expect(res).toMatchObject({ code: 10043, msg: '图片已损坏或无法识别，请换一张' });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('refuses a file over the purpose limit, and an empty one', async () => {
    const { token, user } = await u.t.login();
    const jpegHead = (await image(8, 8, 'jpeg')).subarray(0, 64);
    const over = Buffer.concat([jpegHead, Buffer.alloc(5 * MB + 1 - jpegHead.length)]);
    const res = await upload(u.t, token, 'avatar', over, 'big.jpg');
    expect(res).toMatchObject({ code: 10013, msg: '文件过大，最大5MB' });
    // 6 MB of text is too much for an avatar, and fine for a knowledge document (20 MB).
    const text = Buffer.alloc(6 * MB, 'Lingxi knowledge base.\n');
    expect((await upload(u.t, token, 'avatar', text, 'a.txt')).code).toBe(10013);
    const doc = await upload(u.t, token, 'knowledge_doc', text, 'kb.txt');
    expect(doc.code).toBe(0);
    expect(doc.data).toMatchObject({ mime: 'text/plain', bytes: 6 * MB });
    expect((await upload(u.t, token, 'avatar', Buffer.alloc(0), 'empty.png')).code).not.toBe(0);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('keeps path tricks in names out of every path, and tidies the name it shows', async () => {
    const { token } = await u.t.login();
    const png = await image(32, 32);
    const names: [string, string][] = [
      ['../../etc/passwd', 'passwd.png'],
      ['..\\..\\windows\\system32\\evil.exe', 'evil.png'],
      ['/etc/shadow', 'shadow.png'],
      ['a\u0000b.png', 'ab.png'],
      ['\u202egnp.exe', 'gnp.png'],
      ['....', 'file.png'],
      ['  我的 头像 .PNG ', '我的 头像.png'],
      [`${'长'.repeat(300)}.png`, `${'长'.repeat(96)}.png`],
    ];
    for (const [name, shown] of names) {
      const res = await upload(u.t, token, 'post_image', png, name);
      expect(res.code, JSON.stringify(name)).toBe(0);
      expect(res.data.name).toBe(shown);
      expect(res.data.url).toMatch(/^\/media\/u\/[A-Za-z0-9_-]{22}\.png$/);
    }
    if (driver === 'disk') {
      const outside = filesUnder(u.dataDir).filter(
        (f) => !f.startsWith('uploads/') && !f.startsWith('pglite'),
      );
      expect(outside).toEqual([]);
      const stored = filesUnder(join(u.dataDir, 'uploads'));
      expect(stored.filter((f) => !/^[up]\/[A-Za-z0-9_-]{22}\.[a-z]{2,4}$/.test(f))).toEqual([]);
    }
  });

  it('re-encodes images: upright, without EXIF or GPS, and no larger than 2048 px', async () => {
    const { token } = await u.t.login();
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS directory
    expect(photo.toString('latin1')).toContain('secret-owner');

    const res = await upload(u.t, token, 'avatar', photo, 'IMG_0001.JPG');
    expect(res.data).toMatchObject({ mime: 'image/jpeg', width: 200, height: 300 });
    const stored = (await fetchMedia(u.t, res.data.url)).body;
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('secret-owner');
    expect(stored.toString('latin1')).not.toContain('PhoneMaker');

    const wide = await upload(u.t, token, 'post_image', await image(3000, 1000), 'wide.png');
    expect(wide.data).toMatchObject({ width: 2048, height: 683 });
  });
});
