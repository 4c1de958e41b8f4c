import iconv from 'iconv-lite';
import { textEncoding } from './encoding.js';

/** The bytes are not text in any encoding: a binary file. */
export class NotTextError extends Error {
  constructor() {
    super('not a text file');
    this.name = 'NotTextError';
  }
}

/** C0 controls other than tab, line feed, form feed and carriage return, and DEL: no text has them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x08\x0B\x0E-\x1F\x7F]/g;
/** Above this share of control characters a decoded "text" is really a binary file. */
const CONTROL_SHARE_MAX = 0.01;

/**
 * The text of a plain-text file in whatever encoding it came (see {@link textEncoding}: UTF-8, UTF-16 by
 * their byte-order marks, GBK/GB18030, Big5 …). Line ends come out as `\n`, without the byte-order mark.
 * A binary file (NUL bytes, control characters) throws a NotTextError.
 */
export function decodeText(buf: Buffer): string {
  const bom =
    buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf
      ? 3
      : (buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)
        ? 2
        : 0;
  if (!bom && buf.includes(0)) binary();
  const encoding = textEncoding(buf);
  const body = buf.subarray(bom);
  return clean(encoding === 'utf-8' ? body.toString('utf8') : iconv.decode(body, encoding));
}

function clean(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const controls = body.match(CONTROL)?.length ?? 0;
  if (controls > Math.max(2, body.length * CONTROL_SHARE_MAX)) binary();
  return body.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

function binary(): never {
  throw new NotTextError();
}
