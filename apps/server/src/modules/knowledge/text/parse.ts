import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import mammoth from 'mammoth';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { decodeText, NotTextError } from '../../../platform/text/decode.js';
import { DocumentError, DocumentFailure } from './errors.js';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const PDF_MIME = 'application/pdf';

/**
 * The text of a knowledge document: plain text and Markdown decoded (any encoding, see decodeText), a PDF's
 * text page by page, a Word document's paragraphs with its headings as Markdown `#` lines so splitting keeps
 * them. A file that cannot be read (encrypted, corrupt, no text, not a supported format) throws DocumentError
 * with the reason its owner sees.
 */
export async function extractText(buf: Buffer, mime: string): Promise<string> {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  let text: string;
  if (type === PDF_MIME) text = await pdfText(buf);
  else if (type === DOCX_MIME) text = await docxText(buf);
  else if (type.startsWith('text/')) text = plainText(buf);
  else throw new DocumentError(DocumentFailure.UNSUPPORTED);
  text = text.replace(/[ \t\u00a0\u3000]+$/gm, '').replace(/\n{3,}/g, '\n\n');
  if (!/[\p{L}\p{N}]/u.test(text)) throw new DocumentError(DocumentFailure.NO_TEXT);
  return text.trim();
}

// pdfjs-dist ships the character maps that Chinese PDFs with non-embedded fonts (UniGB-UCS2-H…) need, and the
// standard fonts' metrics; in Node it reads them from these folders.
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const CMAP_URL = join(pdfjsRoot, 'cmaps') + '/';
const STANDARD_FONTS_URL = join(pdfjsRoot, 'standard_fonts') + '/';

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;
/** Loaded on first use: a server that never sees a PDF never pays for it. */
const loadPdfjs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** Plain text or Markdown in whatever encoding it came; a binary file is not a document. */
function plainText(buf: Buffer): string {
  try {
    return decodeText(buf);
  } catch (err) {
    throw err instanceof NotTextError ? new DocumentError(DocumentFailure.BINARY) : err;
  }
}

async function pdfText(buf: Buffer): Promise<string> {
  const { getDocument, VerbosityLevel } = await loadPdfjs();
  const task = getDocument({
    data: new Uint8Array(buf),
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    standardFontDataUrl: STANDARD_FONTS_URL,
    verbosity: VerbosityLevel.ERRORS,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string } | null)?.name;
    throw new DocumentError(
      name === 'PasswordException' ? DocumentFailure.ENCRYPTED : DocumentFailure.CORRUPT,
      { cause: err },
    );
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text);
      page.cleanup();
    }
    return pages.join('\n\n');
  } catch (err) {
    throw new DocumentError(DocumentFailure.CORRUPT, { cause: err });
  } finally {
    await doc.destroy();
  }
}

async function docxText(buf: Buffer): Promise<string> {
  let html: string;
  try {
    // Images are not read at all (no data URIs of every picture in memory): only the text matters here.
    const result = await mammoth.convertToHtml(
      { buffer: buf },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })), externalFileAccess: false },
    );
    html = result.value;
  } catch (err) {
    throw new DocumentError(DocumentFailure.CORRUPT, { cause: err });
  }
  return htmlToText(html);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Mammoth's HTML as text: headings as `#` lines, one paragraph, list item or table row a line. */
export function htmlToText(html: string): string {
  return html
    .replace(/<h([1-6])[^>]*>/g, (_, level: string) => `\n\n${'#'.repeat(Number(level))} `)
    .replace(/<\/h[1-6]>/g, '\n\n')
    .replace(/<\/(p|li|tr|table|ul|ol|blockquote)>|<br\s*\/?>/g, '\n')
    .replace(/<\/t[dh]>/g, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[e.toLowerCase()] ?? whole;
    })
    .replace(/\t+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}
