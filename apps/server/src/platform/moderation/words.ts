import AhoCorasick from 'modern-ahocorasick';

/** Where a text spells a listed word: the word as listed, and its UTF-16 range in the text (end exclusive). */
export type WordHit = { word: string; start: number; end: number };

/** Finds listed words in a text. The list is operators' (a setting); the matcher is built once per list. */
export interface WordFilter {
  /** The first listed word the text contains, as the list spells it; null when the text is clean. */
  find(text: string): string | null;
  /** Every listed word the text spells, in text order, none overlapping (the console's test box). */
  findAll(text: string): WordHit[];
}

/**
 * What matching sees of a text: compatibility forms folded (full-width Ａ → a), lower case, and only letters
 * and digits, so 「傻 逼」, 「傻*逼」 and 「ＳＢ」 all read as the word they spell.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * `normalise`, with where each unit of the result came from: the text is normalised a character at a time (with
 * the combining marks that follow it), so each unit of the result points back at the characters it was made of.
 */
export function normaliseMapped(text: string): { text: string; from: number[]; to: number[] } {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const m of text.matchAll(/\P{M}\p{M}*|\p{M}+/gu)) {
    const piece = normalise(m[0]);
    for (let i = 0; i < piece.length; i++) {
      from.push(m.index);
      to.push(m.index + m[0].length);
    }
    out += piece;
  }
  return { text: out, from, to };
}

/**
 * The matcher walks its text with Intl.Segmenter, which takes time quadratic in the length of non-ASCII text
 * (100,000 Han characters: seconds of a blocked event loop, for one post). So it is given the text in windows
 * of WINDOW units, each overlapping the next by the longest word, and a 100 KB text costs what 100 short ones
 * do. docs/testing-suites.md, Fuzz (the suite that found it).
 */
const WINDOW = 1024;

/** The window of `text` from `start`: WINDOW units and the overlap, never ending inside a surrogate pair. */
function windowAt(text: string, start: number, overlap: number) {
  let end = Math.min(text.length, start + WINDOW + overlap);
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end--;
  return { slice: text.slice(start, end), last: end >= text.length };
}

/** Where the window after one starting at `start` begins: WINDOW on, moved off the second half of a pair. */
function nextStart(text: string, start: number) {
  const next = start + WINDOW;
  return /[\udc00-\udfff]/.test(text[next] ?? '') ? next - 1 : next;
}

/** An Aho–Corasick automaton over the normalised words: one pass over the text, however long the list. */
export function createWordFilter(words: readonly string[]): WordFilter {
  const patterns = [...new Set(words)]
    .map((word) => ({ pattern: normalise(word), data: word.trim() }))
    .filter((p) => p.pattern.length > 0);
  if (!patterns.length) return { find: () => null, findAll: () => [] };
  const matcher = new AhoCorasick<string>(patterns);
  // Any match that starts before a window's WINDOW units end lies wholly inside the window.
  const overlap = Math.max(...patterns.map((p) => p.pattern.length)) - 1;
  return {
    find(text) {
      const normal = normalise(text);
      for (let start = 0; start < normal.length; start = nextStart(normal, start)) {
        const { slice, last } = windowAt(normal, start, overlap);
        const hit = matcher.findFirst(slice, { strategy: 'leftmost-longest' });
        // A hit in the overlap may be cut short there: the next window holds it whole.
        if (hit && (hit.start < WINDOW || last)) return hit.data ?? null;
        if (last) break;
      }
      return null;
    },
    findAll(text) {
      const mapped = normaliseMapped(text);
      const normal = mapped.text;
      const hits: WordHit[] = [];
      let start = 0;
      while (start < normal.length) {
        const { slice, last } = windowAt(normal, start, overlap);
        let resume = nextStart(normal, start);
        for (const m of matcher.search(slice, { strategy: 'leftmost-longest' })) {
          if (!last && m.start >= WINDOW) break; // the next window finds it whole
          hits.push({
            word: m.data!,
            start: mapped.from[start + m.start]!,
            end: mapped.to[start + m.end - 1]!,
          });
          resume = Math.max(resume, start + m.end); // matches never overlap: go on after this one
        }
        if (last) break;
        start = resume;
      }
      return hits;
    },
  };
}

/** Keeps the filter of the current list, rebuilding it only when the list changes. */
export class WordFilterCache {
  private key = '';
  private filter: WordFilter = createWordFilter([]);

  get(words: readonly string[]): WordFilter {
    const key = words.join('\n');
    if (key !== this.key) {
      this.filter = createWordFilter(words);
      this.key = key;
    }
    return this.filter;
  }
}
