/**
 * The thread that reads documents (see DocumentReader): a PDF's parse, the split into passages and the
 * segmentation of each passage are seconds of CPU for a large file, which on the app's thread every request
 * and every streaming reply would wait for.
 */
import { DocumentError } from './errors.js';
import { extractText } from './parse.js';
import { splitPassages } from './split.js';
import { packTerms, passageTerms } from './terms.js';
import type { ReadTask, ReadOutcome } from './document-reader.js';

export default async function readDocument({ data, mime }: ReadTask): Promise<ReadOutcome> {
  let text: string;
  try {
    text = await extractText(Buffer.from(data.buffer, data.byteOffset, data.byteLength), mime);
  } catch (err) {
    // Its class does not survive the copy to the app's thread; its reason does.
    if (err instanceof DocumentError) return { ok: false, reason: err.message };
    throw err;
  }
  const passages = splitPassages(text).map((p) => ({ ...p, terms: packTerms(passageTerms(p)) }));
  return { ok: true, chars: countChars(text), passages };
}

/** Characters as a reader counts them (code points, not UTF-16 units). */
function countChars(text: string) {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
