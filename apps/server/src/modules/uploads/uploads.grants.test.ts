import type { UploadGrant, UploadInfo } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../../test/helpers.js';
import { image } from '../../../test/files.js';
import { DRIVERS, getGrant, sendFile, startUploadsApp, uploadWith } from '../../../test/uploads.js';
import { uploadGrants } from '../../db/schema/uploads.js';

describe.each(DRIVERS)('upload grants (%s storage)', (driver) => {
  let u: Awaited<ReturnType<typeof startUploadsApp>>;
  beforeAll(async () => {
    u = await startUploadsApp(driver);
  });
  afterAll(() => u.close());

  it('needs a login: no token is 20003', async () => {
    const res = await u.t.call('GET', '/api/v1/upload/token?purpose=avatar');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(20003);
  });

  it('refuses an unknown purpose in the envelope, naming the field', async () => {
    const { token } = await u.t.login();
    for (const purpose of ['exe', 'AVATAR', '../avatar', '']) {
      const res = await u.t.call('GET', `/api/v1/upload/token?purpose=${purpose}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 10001, msg: '上传用途不正确', data: { field: 'purpose' } });
    }
  });

  it('grants one short-lived upload of one purpose, with its limits, and stores the token hashed', async () => {
    const { token } = await u.t.login();
    const grant = await getGrant(u.t, token, 'knowledge_doc');
    expect(grant).toMatchObject({
      purpose: 'knowledge_doc',
      max_bytes: 20 * 1024 * 1024,
      expires_at: new Date(u.t.clock.now().getTime() + 10 * MINUTE).toISOString(),
      file_field: 'file',
    });
    expect(grant.accept).toEqual([
      'text/plain',
      'text/markdown',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    if (driver === 'disk') {
      expect(grant).toMatchObject({ upload_url: '/api/v1/upload', method: 'POST', complete_url: null });
      expect(grant.fields).toEqual({ token: grant.token });
    } else {
      expect(grant.upload_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lingxi-test$/);
      expect(grant).toMatchObject({ method: 'POST', complete_url: '/api/v1/upload/complete' });
      expect(grant.fields).toHaveProperty('Policy');
      expect(grant.fields.key).toMatch(/^tmp\//);
    }
    const rows = await u.t.db.select().from(uploadGrants);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(grant.token);

    const avatar = await getGrant(u.t, token, 'avatar');
    expect(avatar).toMatchObject({
      max_bytes: 5 * 1024 * 1024,
      accept: expect.arrayContaining(['image/png']),
    });
    expect((await getGrant(u.t, token, 'post_image')).max_bytes).toBe(10 * 1024 * 1024);
  });

  it("is a general image grant without a purpose (the client contract's call)", async () => {
    const { token } = await u.t.login();
    const res = await u.t.call<UploadGrant>('GET', '/api/v1/upload/token', { token });
    expect(res.body.data.purpose).toBe('post_image');
  });

  it('refuses a grant that has expired', async () => {
    const { token } = await u.t.login();
    const grant = await getGrant(u.t, token, 'avatar');
    u.t.clock.advance(10 * MINUTE + 1000);
    const res = await uploadWith(u.t, token, grant, await image(64, 64), 'a.png');
    expect(res).toMatchObject({ code: 10042, msg: '上传凭证已过期，请重新上传' });
  });

  it('refuses a grant used a second time', async () => {
    const { token } = await u.t.login();
    const grant = await getGrant(u.t, token, 'avatar');
    const first = await uploadWith(u.t, token, grant, await image(64, 64), 'a.png');
    expect(first.code).toBe(0);
    const again = await uploadWith(u.t, token, grant, await image(80, 80), 'b.png');
    expect(again).toMatchObject({ code: 10041, msg: '上传凭证已使用，请重新上传' });
  });

  it('lets only one of two simultaneous uploads with one grant through', async () => {
    const { token } = await u.t.login();
    const grant = await getGrant(u.t, token, 'post_image');
    const file = await image(64, 64);
    const results = await Promise.all([
      uploadWith(u.t, token, grant, file, 'a.png'),
      uploadWith(u.t, token, grant, file, 'b.png'),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 10041]);
  });

  it('refuses a grant for another purpose than the one the upload says', async () => {
    const { token } = await u.t.login();
    const grant = await getGrant(u.t, token, 'post_image');
    if (driver === 'disk') {
      const res = await uploadWith(u.t, token, grant, await image(64, 64), 'a.png', { purpose: 'avatar' });
      expect(res).toMatchObject({ code: 10041, msg: '上传凭证与上传用途不符' });
    }
    // A document grant does not take an image, whatever the name says.
    const doc = await getGrant(u.t, token, 'knowledge_doc');
    const res = await uploadWith(u.t, token, doc, await image(64, 64), 'notes.txt');
    expect(res.code).toBe(10043);
    // An image uploaded as a post image is no avatar.
    const post = await uploadWith(
      u.t,
      token,
      await getGrant(u.t, token, 'post_image'),
      await image(64, 64),
      'p.png',
    );
    const put = await u.t.call('PUT', '/api/v1/user', { token, body: { avatar: post.data!.url } });
    expect(put.body).toMatchObject({ code: 10001, msg: '只能使用自己上传的图片', data: { field: 'avatar' } });
  });

  it('refuses an unknown grant, and one of another user', async () => {
    const a = await u.t.login();
    const b = await u.t.login();
    const fake = { ...(await getGrant(u.t, a.token, 'avatar')), token: 'not-a-real-grant' };
    if (driver === 'disk') fake.fields = { token: fake.token };
    const res = await uploadWith(u.t, a.token, fake, await image(64, 64), 'a.png');
    expect(res.code).toBe(10041);
    if (driver === 's3') {
      const grant = await getGrant(u.t, a.token, 'avatar');
      const sent = await sendFile(u.t, grant, await image(64, 64), 'a.png');
      expect(sent.ok).toBe(true);
      const stolen = await u.t.call<UploadInfo>('POST', '/api/v1/upload/complete', {
        token: b.token,
        body: { token: grant.token },
      });
      expect(stolen.body.code).toBe(10041);
      // The owner can still complete it: the other user's attempt spent nothing.
      const own = await u.t.call('POST', '/api/v1/upload/complete', {
        token: a.token,
        body: { token: grant.token },
      });
      expect(own.body.code).toBe(0);
      const [row] = await u.t.db
        .select()
        .from(uploadGrants)
        .where(eq(uploadGrants.stagingKey, grant.fields.key!));
      expect(row!.usedAt).not.toBeNull();
      expect(await u.storage.exists(grant.fields.key!)).toBe(false);
    }
  });

  it('needs a login to complete a direct upload', async () => {
    const res = await u.t.call('POST', '/api/v1/upload/complete', { body: { token: 'x' } });
    expect(res.body.code).toBe(20003);
  });
});
