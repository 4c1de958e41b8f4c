import { fileTypeFromBuffer } from 'file-type';
import { withoutBrokenText } from '../../platform/http/text-guard.js';
import { decodeText } from '../../platform/text/decode.js';

export type FileKind = { mime: string; ext: string };

/** Control characters other than tab, line feed, form feed and carriage return: no text file has them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY = /[\x00-\x08\x0B\x0E-\x1F\x7F]/;

function isText(data: Buffer): boolean {
  try {
    return !BINARY.test(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return isLegacyText(data);
  }
}

/** Text in another encoding (GBK, GB18030, Big5, UTF-16 …), as knowledge documents often are: decodable. */
function isLegacyText(data: Buffer): boolean {
  try {
    decodeText(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file is, read from its content (magic numbers, via file-type), never from its name. Plain text has no
 * magic number: valid UTF-8 without control characters is text (or a Chinese legacy encoding the platform's
 * text decoder reads), and only then does the name choose between Markdown and plain text, which are equally
 * harmless.
 */
export async function detectFileKind(data: Buffer, name: string): Promise<FileKind | null> {
  const found = await fileTypeFromBuffer(data);
  if (found) return { mime: found.mime, ext: found.ext };
  if (!isText(data)) return null;
  return /\.(md|markdown)$/i.test(name)
    ? { mime: 'text/markdown', ext: 'md' }
    : { mime: 'text/plain', ext: 'txt' };
}

const NAME_MAX = 100;
/** C0/C1 controls, bidirectional overrides (which make "gpj.exe" read as "exe.jpg") and byte-order marks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A file name fit to show and to offer as a download name: the last path segment only, without control or
 * direction characters or characters Windows refuses, trimmed of dots and spaces, at most NAME_MAX characters,
 * and ending in the extension of what the file really is. It is never used to build a path.
 */
export function sanitizeFileName(raw: string | undefined, ext: string): string {
  const base = withoutBrokenText(raw ?? '')
    .normalize('NFC')
    .split(/[/\\]/)
    .pop()!
    .replace(INVISIBLE, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const stem = [...base].slice(0, NAME_MAX - ext.length - 1).join('') || 'file';
  return `${stem}.${ext}`;
}
