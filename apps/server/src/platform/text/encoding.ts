import chardet from 'chardet';
import iconv from 'iconv-lite';

/** A detection at least this confident (chardet's 0–100) is taken as it is. */
const CONFIDENT = 50;

/**
 * The encoding of a plain-text file, as a name iconv-lite and browsers both know: a byte-order mark (UTF-8,
 * UTF-16) decides; else valid UTF-8 is UTF-8; else chardet's answer when it is sure (it is for any real
 * paragraph of GBK or Big5 text), otherwise the first of GB18030, Big5 and chardet's guesses that decodes
 * without a replacement character. A few words of Big5 can be valid GBK too and are then read as GBK: most
 * of our users write simplified Chinese.
 */
export function textEncoding(buf: Buffer): string {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf-8';
  if (buf[0] === 0xff && buf[1] === 0xfe) return 'utf-16le';
  if (buf[0] === 0xfe && buf[1] === 0xff) return 'utf-16be';
  if (isUtf8(buf)) return 'utf-8';
  const guesses = chardet.analyse(buf).filter((g) => iconv.encodingExists(g.name));
  const top = guesses[0];
  if (top && top.confidence >= CONFIDENT) return top.name.toLowerCase();
  const candidates = ['gb18030', 'big5', ...guesses.map((g) => g.name.toLowerCase())];
  return candidates.find((enc) => !iconv.decode(buf, enc).includes('\uFFFD')) ?? 'gb18030';
}

function isUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}
