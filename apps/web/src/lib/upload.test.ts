import type { UploadGrant, UploadInfo } from '@lingxi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { checkUploadFile, uploadFile, type UploadRequest } from './upload';
import { clearLogin } from './session';
import { loginAs } from '../test/login';
import { makeUser } from '../test/fixtures';

const grant = (overrides: Partial<UploadGrant> = {}): UploadGrant => ({
  token: 'grant-1',
  purpose: 'bot_avatar',
  max_bytes: 5 * 1024 * 1024,
  accept: ['image/jpeg', 'image/png'],
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  upload_url: '/api/v1/upload',
  method: 'POST',
  fields: { token: 'grant-1', purpose: 'bot_avatar' },
  headers: {},
  file_field: 'file',
  complete_url: null,
  ...overrides,
});

const info: UploadInfo = {
  id: 9,
  purpose: 'bot_avatar',
  url: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png',
  name: 'avatar.png',
  mime: 'image/png',
  bytes: 4,
  width: 640,
  height: 640,
  created_at: '2026-01-01T00:00:00.000Z',
};

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

afterEach(() => clearLogin());

describe('upload through a grant', () => {
  it('asks for a grant, posts its fields and the file as multipart, reports progress, answers the upload', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({ 'GET /api/v1/upload/token': { data: grant() } });
    const sent: UploadRequest[] = [];
    const progress: number[] = [];
    const result = await uploadFile(png(), {
      purpose: 'bot_avatar',
      fileName: 'avatar.png',
      onProgress: (f) => progress.push(f),
      transport: async (req) => {
        sent.push(req);
        req.onProgress?.(0.5);
        return { status: 200, text: JSON.stringify({ code: 0, msg: 'ok', data: info }) };
      },
    });
    expect(calls[0]!.path).toBe('/api/v1/upload/token');
    expect(calls[0]!.query.get('purpose')).toBe('bot_avatar');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/v1/upload');
    expect(sent[0]!.method).toBe('POST');
    const form = sent[0]!.body as FormData;
    expect(form.get('token')).toBe('grant-1');
    expect(form.get('purpose')).toBe('bot_avatar');
    expect((form.get('file') as File).name).toBe('avatar.png');
    // Fields come before the file, so the server can check the grant before reading the file.
    expect([...form.keys()]).toEqual(['token', 'purpose', 'file']);
    expect(progress).toEqual([0.5, 1]);
    expect(result).toEqual(info);
  });

  it('a direct upload to object storage is confirmed at complete_url with the login token', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/upload/token': {
        data: grant({
          upload_url: 'https://bucket.example/',
          fields: { key: 'u/abc', policy: 'p' },
          headers: { 'x-extra': '1' },
          file_field: 'file',
          complete_url: '/api/v1/upload/complete',
        }),
      },
      'POST /api/v1/upload/complete': { data: info },
    });
    const sent: UploadRequest[] = [];
    const result = await uploadFile(png(), {
      purpose: 'bot_avatar',
      fileName: 'me.png',
      transport: async (req) => {
        sent.push(req);
        return { status: 204, text: '' };
      },
    });
    expect(sent[0]!.url).toBe('https://bucket.example/');
    expect(sent[0]!.headers).toEqual({ 'x-extra': '1' });
    const complete = calls.find((c) => c.path === '/api/v1/upload/complete')!;
    expect(complete.body).toEqual({ token: 'grant-1', name: 'me.png' });
    expect(complete.headers.token).toBe('tok');
    expect(result).toEqual(info);
  });

  it('a refused upload rejects with the server’s message', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/upload/token': { data: grant() } });
    await expect(
      uploadFile(png(), {
        purpose: 'bot_avatar',
        transport: async () => ({
          status: 200,
          text: JSON.stringify({ code: 40001, msg: '文件类型不支持', data: null }),
        }),
      }),
    ).rejects.toMatchObject({ code: 40001, message: '文件类型不支持' });
  });

  it('checks type and size before asking for a grant', () => {
    expect(checkUploadFile(new Blob(['x'], { type: 'application/pdf' }), 'bot_avatar')).toBe('type');
    expect(
      checkUploadFile(new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' }), 'bot_avatar'),
    ).toBe('size');
    expect(checkUploadFile(png(), 'bot_avatar')).toBeNull();
  });
});
