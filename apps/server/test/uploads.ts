import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, UploadGrant, UploadInfo, UploadPurpose } from '@lingxi/contract';
import { createStorage } from '../src/platform/storage/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { startS3Server } from './s3-server.js';

export type Driver = 'disk' | 's3';
export const DRIVERS: Driver[] = ['disk', 's3'];

/** The real app on a fresh DATA_DIR, storing uploads on disk or in a local S3-compatible server. */
export async function startUploadsApp(driver: Driver, opts: { env?: Record<string, string> } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-uploads-'));
  const s3 = driver === 's3' ? await startS3Server() : undefined;
  const t = await (await startTestApp({ env: { DATA_DIR: dataDir, ...s3?.env, ...opts.env } })).listen();
  return {
    t,
    dataDir,
    /** The same store the app uses, for looking behind its back. */
    storage: createStorage(t.config),
    async close() {
      await t.close();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function getGrant(t: TestApp, token: string, purpose: UploadPurpose) {
  const res = await t.call<UploadGrant>('GET', `/api/v1/upload/token?purpose=${purpose}`, { token });
  if (res.body.code !== 0) throw new Error(`no grant: ${res.body.msg}`);
  return res.body.data;
}

/** A multipart/form-data body written by hand, so a test controls every byte of a file name. */
export function formData(fields: Record<string, string>, file: Buffer, filename: string) {
  const boundary = `----lingxi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`;
  parts.push(Buffer.from(`${head}Content-Type: application/octet-stream\r\n\r\n`), file);
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a file where a grant says (the app, or the bucket), as a browser would. */
export async function sendFile(t: TestApp, grant: UploadGrant, file: Buffer, filename: string, extra = {}) {
  const url = grant.upload_url.startsWith('/') ? t.base + grant.upload_url : grant.upload_url;
  if (grant.method === 'PUT') return fetch(url, { method: 'PUT', headers: grant.headers, body: file });
  const form = formData({ ...grant.fields, ...extra }, file, filename);
  return fetch(url, {
    method: 'POST',
    headers: { ...grant.headers, 'content-type': form.contentType },
    body: form.body,
  });
}

/**
 * The client's whole upload: the file to where the grant says, then (direct uploads) the completion call.
 * Returns the envelope that ends it.
 */
export async function uploadWith(
  t: TestApp,
  token: string,
  grant: UploadGrant,
  file: Buffer,
  filename: string,
  extra: Record<string, string> = {},
): Promise<Envelope<UploadInfo>> {
  const sent = await sendFile(t, grant, file, filename, extra);
  if (!grant.complete_url) return (await sent.json()) as Envelope<UploadInfo>;
  if (!sent.ok) throw new Error(`the bucket refused the upload: ${sent.status} ${await sent.text()}`);
  const done = await t.call<UploadInfo>('POST', grant.complete_url, {
    token,
    body: { token: grant.token, name: filename },
  });
  return done.body;
}

export async function upload(
  t: TestApp,
  token: string,
  purpose: UploadPurpose,
  file: Buffer,
  filename: string,
) {
  return uploadWith(t, token, await getGrant(t, token, purpose), file, filename);
}

/** A GET of a public media path with an Accept header; the body as bytes. */
export async function fetchMedia(t: TestApp, path: string, accept = 'image/png,image/*;q=0.8') {
  const res = await fetch(t.base + path, { headers: { accept } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
