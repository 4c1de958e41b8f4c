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

/**
 * The latest time a cursor may carry: the end of year 9999. Beyond it `toISOString` writes a six-digit year
 * that the database refuses (so does any year before 1970's ms 0 here: no row of ours is older), and a crafted
 * cursor would be a 500 instead of a refusal.
 */
const TIME_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A time in ms that a cursor may carry: an integer the database takes as a timestamp. */
export const isCursorTime = (v: unknown): v is number =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= TIME_MAX_MS;

/** A list ordered by a time, then an id: where the next page starts. */
export type TimeKey = { at: Date; id: number };

/**
 * The cursor of a list ordered by a time, then an id (`[ms, id]`, as `pageOf(rows, limit, (r) =>
 * [r.at.getTime(), r.id])` wrote it). Anything else, a time no timestamp can hold included, is 10001.
 */
export function decodeTimeCursor(cursor: string | undefined): TimeKey | undefined {
  const v = decodeCursor(
    cursor,
    (x): x is [number, number] => Array.isArray(x) && x.length === 2 && isCursorTime(x[0]) && isId(x[1]),
  );
  return v && { at: new Date(v[0]), id: v[1] };
}
