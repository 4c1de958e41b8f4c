import { AppError } from '../errors.js';

/** Opaque cursors: base64url JSON, so clients never build or parse them. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(cursor: string | undefined, valid: (v: unknown) => v is T): T | undefined {
  if (!cursor) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (valid(v)) return v;
  } catch {
    // fall through to the error below
  }
  throw AppError.badRequest('分页参数cursor无效');
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

export const decodeIdCursor = (cursor: string | undefined) => decodeCursor(cursor, isId);
