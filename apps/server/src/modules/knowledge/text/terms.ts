import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { toSimplified } from '../../../platform/i18n/simplified.js';

/**
 * Function words and punctuation-like tokens that say nothing about what a passage is about. Kept small on
 * purpose: BM25's idf already weighs common words down; these are the ones too common to be worth a posting.
 */
const STOP_WORDS = new Set(
  (
    '的 了 和 与 及 或 而 是 在 也 就 都 又 还 被 把 给 对 从 向 以 之 其 这 那 此 该 个 着 过 吗 呢 吧 啊 呀 嘛 么 ' +
    '哪 哪个 哪些 哪里 什么 怎么 怎样 如何 为何 为什么 多少 几 谁 是否 请问 一个 一种 这个 那个 这些 那些 ' +
    'a an the of to in on at by for with from and or is are was were be been it its this that as'
  ).split(' '),
);

/** Only tokens with a letter or a digit are terms: punctuation and white space never are. */
const WORDLIKE = /[\p{L}\p{N}]/u;
/** A longer token (a URL, a hash) is cut to this: index keys stay small and such tokens still match. */
const TERM_MAX_CHARS = 48;

let jieba: Jieba | undefined;

/** Loaded once on first use (~0.2 s for jieba's dictionary). */
function segmenter(): Jieba {
  return (jieba ??= Jieba.withDict(dict));
}

/**
 * One normal form for index and query: NFKC (full-width letters and digits to half-width), lower case, and
 * traditional Chinese (Hong Kong and Taiwan forms included) to simplified, so 資訊 and 资讯 are one term and
 * jieba's simplified dictionary segments both scripts alike (docs/i18n.md). Only the terms are normalised: a
 * passage is stored, shown and cited as it was written.
 */
export function normalizeText(text: string): string {
  return toSimplified(text.normalize('NFKC').toLowerCase());
}

/**
 * Passages are cut in search mode (人工智能 gives 人工, 智能 and 人工智能), so a query for a part of a long word
 * still finds it; a query is cut into its most likely words only, so one concept is not counted three times.
 * jieba's HMM for unknown words is off on both sides: it guesses differently in different contexts, so a name
 * it does not know would be cut one way in a passage and another way in the question; without it, unknown
 * words fall into single characters the same way everywhere (measured on CMRC 2018: Recall@1 0.968 → 0.973).
 * `normal` is text in normal form (normalizeText).
 */
export function* segmentTerms(normal: string, mode: 'index' | 'query'): Generator<string> {
  const words = mode === 'index' ? segmenter().cutForSearch(normal, false) : segmenter().cut(normal, false);
  for (const word of words) {
    const t = word.trim().slice(0, TERM_MAX_CHARS);
    if (t && WORDLIKE.test(t) && !STOP_WORDS.has(t)) yield t;
  }
}

/**
 * The one way text becomes terms, for the index and for queries alike: normalised, then segmented. (segmentTerms
 * is exported on its own only for bench:retrieval's run without normalisation.)
 */
function tokens(text: string, mode: 'index' | 'query'): Generator<string> {
  return segmentTerms(normalizeText(text), mode);
}

/** A passage's terms with their frequencies, for the lexical index. */
export function indexTerms(text: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of tokens(text, 'index')) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}

/** A passage's terms, its heading included (a passage is found by the words of the heading it sits under). */
export function passageTerms(p: { heading: string; content: string }): Map<string, number> {
  return indexTerms(p.heading ? `${p.heading}\n${p.content}` : p.content);
}

/** A query's distinct terms, normalised like the index's. */
export function queryTerms(text: string): string[] {
  return [...new Set(tokens(text, 'query'))];
}

/**
 * A passage's terms in the form they cross between threads (documents are read in a worker): the words in one
 * string and their counts in one array. Structured-cloning a Map per passage cost the receiving thread 335 ms
 * for a 10 MB document; this form costs it 15 ms.
 */
export type PackedTerms = { words: string; counts: Int32Array };

const SEPARATOR = '\u0000';

export function packTerms(terms: Map<string, number>): PackedTerms {
  const words: string[] = [];
  const counts: number[] = [];
  for (const [word, n] of terms) {
    if (word.includes(SEPARATOR)) continue;
    words.push(word);
    counts.push(n);
  }
  return { words: words.join(SEPARATOR), counts: Int32Array.from(counts) };
}

export function unpackTerms({ words, counts }: PackedTerms): [string, number][] {
  if (!counts.length) return [];
  return words.split(SEPARATOR).map((word, i) => [word, counts[i]!]);
}
