import type { Envelope, UploadGrant } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image } from '../../../test/files.js';
import { formData, getGrant, startUploadsApp } from '../../../test/uploads.js';

/** A form a broken client (or an attacker) sends: answered with an envelope, never a 500. */
describe('a malformed multipart upload', () => {
  let u: Awaited<ReturnType<typeof startUploadsApp>>;
  let token: string;
  beforeAll(async () => {
    u = await startUploadsApp('disk');
    token = (await u.t.login()).token;
  });
  afterAll(() => u.close());

  const post = async (body: Buffer | string, contentType: string) => {
    const res = await fetch(`${u.t.base}/api/v1/upload`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: JSON.parse(text) as Envelope<unknown>,
    };
  };
  const grantFields = async () => (await getGrant(u.t, token, 'avatar')).fields as Record<string, string>;
  const expectRefused = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/json');
    expect(res.body.code).not.toBe(0);
    expect(res.body.code).not.toBe(10500);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  };

  it('without a boundary', async () => {
    const form = formData(await grantFields(), await image(32, 32), 'a.png');
    expectRefused(await post(form.body, 'multipart/form-data'));
    expectRefused(await post(form.body, 'multipart/form-data; boundary='));
    expectRefused(await post(form.body, 'multipart/form-data; charset=utf-8'));
  });

  it('with a boundary the body does not use', async () => {
    const form = formData(await grantFields(), await image(32, 32), 'a.png');
    expectRefused(await post(form.body, 'multipart/form-data; boundary=not-the-one'));
  });

  it('with a body that is no form at all', async () => {
    expectRefused(await post('hello', 'multipart/form-data; boundary=xyz'));
    expectRefused(await post(Buffer.alloc(0), 'multipart/form-data; boundary=xyz'));
  });

  it('truncated in the fields, in the file, or before the closing boundary', async () => {
    for (const cut of [40, 0.6, -8]) {
      const form = formData(await grantFields(), await image(64, 64), 'a.png');
      const end = cut < 0 ? form.body.length + cut : cut < 1 ? Math.floor(form.body.length * cut) : cut;
      const res = await post(form.body.subarray(0, end), form.contentType);
      expectRefused(res);
    }
  });

  it('with NUL in a field: refused naming the field', async () => {
    const fields = await grantFields();
    const form = formData({ ...fields, token: `${fields.token}\0` }, await image(32, 32), 'a.png');
    const res = await post(form.body, form.contentType);
    expect(res.body).toMatchObject({ code: 10001, msg: '参数token含有无效字符', data: { field: 'token' } });
  });

  it('with NUL in the file name: kept out of the stored name', async () => {
    const form = formData(await grantFields(), await image(32, 32), 'a\0b.png');
    const res = await post(form.body, form.contentType);
    expect(res.body.code).toBe(0);
    expect((res.body.data as { name: string }).name).toBe('ab.png');
  });

  it('still takes a good upload afterwards', async () => {
    const grant: UploadGrant = await getGrant(u.t, token, 'avatar');
    const form = formData(grant.fields as Record<string, string>, await image(32, 32), 'a.png');
    expect((await post(form.body, form.contentType)).body.code).toBe(0);
  });
});
