import chardet from 'chardet';
import iconv from 'iconv-lite';
import { DocumentError, DocumentFailure } from './errors.js';

/** C0 controls other than tab, line feed, form feed and carriage return, and DEL: no text has them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x08\x0B\x0E-\x1F\x7F]/g;
/** Above this share of control characters a decoded "text" is really a binary file. */
const CONTROL_SHARE_MAX = 0.01;
/** A detection at least this confident (chardet's 0–100) is taken as it is. */
const CONFIDENT = 50;

/**
 * The text of a plain-text file in whatever encoding it came: a byte-order mark (UTF-8, UTF-16) decides; else
 * valid UTF-8 is UTF-8; else the encoding is detected (chardet) and decoded with iconv-lite — GBK/GB18030 and
 * Big5 first, as a Chinese product's files are. Line ends come out as `\n`, without the byte-order mark.
 * A binary file (NUL bytes, control characters) throws a DocumentError.
 */
export function decodeText(buf: Buffer): string {
  return clean(decodeRaw(buf));
}

function decodeRaw(buf: Buffer): string {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return new TextDecoder().decode(buf.subarray(3));
  if (buf[0] === 0xff && buf[1] === 0xfe) return iconv.decode(buf.subarray(2), 'utf-16le');
  if (buf[0] === 0xfe && buf[1] === 0xff) return iconv.decode(buf.subarray(2), 'utf-16be');
  if (buf.includes(0)) binary();
  return utf8(buf) ?? iconv.decode(buf, detectEncoding(buf));
}

function utf8(buf: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return null;
  }
}

/**
 * chardet's answer when it is sure (it is for any real paragraph of GBK or Big5 text); otherwise the first of
 * GB18030, Big5 and chardet's guesses that decodes without a replacement character. A few words of Big5 can be
 * valid GBK too and are then read as GBK: most of our users write simplified Chinese.
 */
function detectEncoding(buf: Buffer): string {
  const guesses = chardet.analyse(buf).filter((g) => iconv.encodingExists(g.name));
  const top = guesses[0];
  if (top && top.confidence >= CONFIDENT) return top.name;
  const candidates = ['gb18030', 'big5', ...guesses.map((g) => g.name)];
  return candidates.find((enc) => !iconv.decode(buf, enc).includes('\uFFFD')) ?? 'gb18030';
}

function clean(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const controls = body.match(CONTROL)?.length ?? 0;
  if (controls > Math.max(2, body.length * CONTROL_SHARE_MAX)) binary();
  return body.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

function binary(): never {
  throw new DocumentError(DocumentFailure.BINARY);
}
