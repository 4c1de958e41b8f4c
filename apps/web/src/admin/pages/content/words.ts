import { SENSITIVE_WORD_MAX, type SensitiveWordsTestResult } from '@lingxi/contract';

/** Characters as users see them (the server counts a word's length so). */
const length = (word: string) =>
  [...new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(word)].length;

/**
 * Words pasted in the add box: one a line, or separated by commas (, ，), 、 or semicolons; spaces inside a word
 * stay (「违禁 短语」 is one word). Answers the new ones in order, and what was refused or already there.
 */
export function parseWords(input: string, current: readonly string[]) {
  const have = new Set(current);
  const added: string[] = [];
  const tooLong: string[] = [];
  let repeated = 0;
  for (const raw of input.split(/[\n\r,，、;；]+/)) {
    const word = raw.trim();
    if (!word) continue;
    if (length(word) > SENSITIVE_WORD_MAX) tooLong.push(word);
    else if (have.has(word)) repeated++;
    else {
      have.add(word);
      added.push(word);
    }
  }
  return { added, tooLong, repeated };
}

/** What saving `draft` over `saved` would change. */
export function diffWords(saved: readonly string[], draft: readonly string[]) {
  const was = new Set(saved);
  const now = new Set(draft);
  return { added: draft.filter((w) => !was.has(w)), removed: saved.filter((w) => !now.has(w)) };
}

export type Segment = { text: string; word?: string };

/** A tested text cut at its hits, for showing them marked. */
export function segmentsOf(text: string, hits: SensitiveWordsTestResult['hits']): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const hit of hits) {
    if (hit.start < at) continue;
    if (hit.start > at) out.push({ text: text.slice(at, hit.start) });
    out.push({ text: text.slice(hit.start, hit.end), word: hit.word });
    at = hit.end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
