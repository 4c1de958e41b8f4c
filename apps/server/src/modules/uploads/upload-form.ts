import { UPLOAD_RULES } from '@lingxi/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { readAll } from '../../platform/storage/index.js';
import { type IncomingFile, tooLarge } from './uploads.service.js';

const LARGEST = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/**
 * The file of a multipart/form-data upload, with the plain fields sent before it (the grant's `token`, an
 * optional `purpose`). Nothing of the file is read until the service asks, with the grant's size limit.
 */
export async function incomingFile(req: FastifyRequest): Promise<IncomingFile> {
  if (!req.isMultipart()) throw AppError.badRequest('请以 multipart/form-data 格式上传文件');
  const part = await req.file({
    limits: { fileSize: LARGEST + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    throwFileSizeLimit: false,
  });
  if (!part) throw AppError.badRequest('请选择要上传的文件');
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (value && !Array.isArray(value) && value.type === 'field' && typeof value.value === 'string') {
      fields[name] = value.value;
    }
  }
  if (!fields.token) throw AppError.badRequest('缺少上传凭证：表单字段 token 需在文件之前');
  return {
    fields,
    filename: part.filename,
    read: (maxBytes) =>
      readAll(part.file, maxBytes).catch((err) => {
        throw err instanceof RangeError ? tooLarge(maxBytes) : err;
      }),
  };
}
