import AhoCorasick from 'modern-ahocorasick';

/** Finds listed words in a text. The list is operators' (a setting); the matcher is built once per list. */
export interface WordFilter {
  /** The first listed word the text contains, as the list spells it; null when the text is clean. */
  find(text: string): string | null;
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

/** An Aho–Corasick automaton over the normalised words: one pass over the text, however long the list. */
export function createWordFilter(words: readonly string[]): WordFilter {
  const patterns = [...new Set(words)]
    .map((word) => ({ pattern: normalise(word), data: word.trim() }))
    .filter((p) => p.pattern.length > 0);
  if (!patterns.length) return { find: () => null };
  const matcher = new AhoCorasick<string>(patterns);
  return {
    find(text) {
      const hit = matcher.findFirst(normalise(text), { strategy: 'leftmost-longest' });
      return hit?.data ?? null;
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
