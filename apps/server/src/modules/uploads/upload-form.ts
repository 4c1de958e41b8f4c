import { UPLOAD_RULES } from '@lingxi/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { brokenTextError, findBrokenText } from '../../platform/http/text-guard.js';
import { readAll } from '../../platform/storage/index.js';
import { type IncomingFile, tooLarge } from './uploads.service.js';

const LARGEST = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/**
 * What the multipart parser throws on a form it cannot read (no boundary, a boundary the body does not use, a
 * body cut short) is the client's fault: a plain Error from busboy, which would otherwise answer 500. The
 * plugin's own limit errors carry a 4xx status and go to the error handler as they are.
 */
const unreadable = (err: unknown): never => {
  if (err instanceof AppError) throw err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) throw err;
  throw AppError.badRequest('上传内容不完整或格式不正确，请重新上传');
};

/**
 * The file of a multipart/form-data upload, with the plain fields sent before it (the grant's `token`, an
 * optional `purpose`). Nothing of the file is read until the service asks, with the grant's size limit.
 */
export async function incomingFile(req: FastifyRequest): Promise<IncomingFile> {
  if (!req.isMultipart()) throw AppError.badRequest('请以 multipart/form-data 格式上传文件');
  const part = await req
    .file({
      limits: { fileSize: LARGEST + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
      throwFileSizeLimit: false,
    })
    .catch(unreadable);
  if (!part) throw AppError.badRequest('请选择要上传的文件');
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (value && !Array.isArray(value) && value.type === 'field' && typeof value.value === 'string') {
      fields[name] = value.value;
    }
  }
  // The edge's rule for text (platform/http/text-guard.ts), here where the form's fields are first read. The
  // file's name is not checked: it is the user's own file, and sanitizeFileName strips what cannot be stored.
  const broken = findBrokenText(fields);
  if (broken) throw brokenTextError(broken);
  if (!fields.token) throw AppError.badRequest('缺少上传凭证：表单字段 token 需在文件之前');
  return {
    fields,
    filename: part.filename,
    read: (maxBytes) =>
      readAll(part.file, maxBytes).catch((err) => {
        throw err instanceof RangeError ? tooLarge(maxBytes) : unreadable(err);
      }),
  };
}
