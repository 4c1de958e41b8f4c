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

/** An Aho–Corasick automaton over the normalised words: one pass over the text, however long the list. */
export function createWordFilter(words: readonly string[]): WordFilter {
  const patterns = [...new Set(words)]
    .map((word) => ({ pattern: normalise(word), data: word.trim() }))
    .filter((p) => p.pattern.length > 0);
  if (!patterns.length) return { find: () => null, findAll: () => [] };
  const matcher = new AhoCorasick<string>(patterns);
  return {
    find(text) {
      const hit = matcher.findFirst(normalise(text), { strategy: 'leftmost-longest' });
      return hit?.data ?? null;
    },
    findAll(text) {
      const mapped = normaliseMapped(text);
      return matcher.search(mapped.text, { strategy: 'leftmost-longest' }).map((m) => ({
        word: m.data!,
        start: mapped.from[m.start]!,
        end: mapped.to[m.end - 1]!,
      }));
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
