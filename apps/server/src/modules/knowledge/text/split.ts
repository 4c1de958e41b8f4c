export type Passage = { heading: string; content: string };
export type SplitOptions = { maxChars?: number; overlapChars?: number };

/** A passage holds at most this many characters (a Chinese character is about one token). */
export const PASSAGE_MAX_CHARS = 800;
/** Whole trailing sentences of a passage, up to this many characters, open the next one. */
export const PASSAGE_OVERLAP_CHARS = 150;
const HEADING_MAX_CHARS = 40;
const HEADING_SEPARATOR = ' > ';

/**
 * A document's text as passages of bounded size. Headings — Markdown `#` lines, and short title lines such as
 * 第一章 / 第二节 / 一、 / （一） / 1.2 — become the heading path ('一级 > 二级') of the passages under them and
 * never sit inside a passage. Each section is cut on sentence boundaries (Chinese 。！？；… and English . ! ? ;
 * followed by a space, and line ends) and its sentences packed into passages of at most `maxChars`; the next
 * passage repeats whole trailing sentences of the previous one up to `overlapChars`. A sentence longer than
 * `maxChars` is cut, at a comma when there is one in reach, else hard.
 */
export function splitPassages(text: string, opts: SplitOptions = {}): Passage[] {
  const maxChars = Math.max(20, opts.maxChars ?? PASSAGE_MAX_CHARS);
  const overlap = Math.min(Math.max(0, opts.overlapChars ?? PASSAGE_OVERLAP_CHARS), Math.floor(maxChars / 2));
  const out: Passage[] = [];
  for (const section of sections(text)) {
    const heading = section.path.join(HEADING_SEPARATOR);
    for (const content of pack(sentences(section.body, maxChars), maxChars, overlap)) {
      out.push({ heading, content });
    }
  }
  return out;
}

type Section = { path: string[]; body: string };

function sections(text: string): Section[] {
  const out: Section[] = [];
  const stack: { level: number; title: string }[] = [];
  let body: string[] = [];
  // Whether the innermost heading has text under it (directly or under a subheading).
  let covered = true;
  const flush = () => {
    const joined = body.join('\n').trim();
    if (joined) out.push({ path: stack.map((h) => h.title), body: joined });
    if (joined) covered = true;
    body = [];
  };
  /** A title line with nothing under it (a list of 一、… lines, say) is text of its own, never lost. */
  const keepBare = () => {
    const top = stack[stack.length - 1];
    if (top && !covered) out.push({ path: stack.map((h) => h.title), body: top.title });
    covered = true;
  };
  for (const line of text.split('\n')) {
    const h = headingOf(line.trim());
    if (!h) {
      body.push(line);
      continue;
    }
    flush();
    if (stack.length && stack[stack.length - 1]!.level >= h.level) keepBare();
    while (stack.length && stack[stack.length - 1]!.level >= h.level) stack.pop();
    stack.push(h);
    covered = false;
  }
  flush();
  keepBare();
  return out;
}

const CN_NUM = '[一二三四五六七八九十百零〇两]+';
/** Title-like lines and their level; Markdown `#` levels 1–6 come first, so these sit below them. */
const HEADING_PATTERNS: [RegExp, number][] = [
  [new RegExp(`^第(${CN_NUM}|\\d+)[编篇部卷章]`), 7],
  [new RegExp(`^第(${CN_NUM}|\\d+)节`), 8],
  [new RegExp(`^${CN_NUM}[、.．]`), 9],
  [new RegExp(`^[(（]${CN_NUM}[)）]`), 10],
  [/^\d+(\.\d+)+\.?\s/, 11],
];

function headingOf(line: string): { level: number; title: string } | null {
  const md = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
  if (md) return { level: md[1]!.length, title: md[2]!.trim() };
  // A title is short and is not a sentence: no sentence-ending or clause punctuation at its end.
  if (line.length > HEADING_MAX_CHARS || /[。！？!?；;：:，,、]$/.test(line)) return null;
  for (const [re, level] of HEADING_PATTERNS) {
    if (re.test(line)) return { level, title: line.replace(/\s+/g, ' ') };
  }
  return null;
}

/**
 * A sentence ends after Chinese 。！？；… (with closing quotes or brackets after it), after English . ! ? ;
 * followed by white space, and at a line end. Each piece keeps its own trailing white space, so the pieces
 * concatenated give the text back.
 */
const SENTENCE =
  /[^\n]*?(?:[。！？；…]+[”’」』）)\]】"']*|[.!?;]+[”’"')\]]*(?=\s)|(?=\n)|$)\s*|[^\n]+\n*|\n+/gy;

function sentences(body: string, maxChars: number): string[] {
  const out: string[] = [];
  SENTENCE.lastIndex = 0;
  while (SENTENCE.lastIndex < body.length) {
    const at = SENTENCE.lastIndex;
    const m = SENTENCE.exec(body);
    if (!m || !m[0]) {
      // Never loop on an empty match: take the rest as one piece.
      out.push(...cut(body.slice(at), maxChars));
      break;
    }
    out.push(...cut(m[0], maxChars));
  }
  return out;
}

/** An over-long sentence in pieces of at most maxChars, at a comma in the second half when there is one. */
function cut(sentence: string, maxChars: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    let end = Math.max(...['，', ',', '、', '：', ':', ' '].map((c) => window.lastIndexOf(c))) + 1;
    if (end < maxChars / 2) end = maxChars;
    // Never split a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(rest[end - 1] ?? '')) end -= 1;
    out.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (rest) out.push(rest);
  return out;
}

function pack(pieces: string[], maxChars: number, overlap: number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let length = 0;
  let fresh = 0; // pieces in `current` that no earlier passage holds
  const emit = () => {
    const text = current.join('').trim();
    if (text && fresh > 0) out.push(text);
  };
  for (const piece of pieces) {
    if (length + piece.length > maxChars && fresh > 0) {
      emit();
      // Open the next passage with whole trailing sentences of this one, up to `overlap` characters, leaving
      // room for the new piece.
      const keep: string[] = [];
      let kept = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const p = current[i]!;
        if (kept + p.length > overlap || kept + p.length + piece.length > maxChars) break;
        keep.unshift(p);
        kept += p.length;
      }
      current = keep;
      length = kept;
      fresh = 0;
    }
    current.push(piece);
    length += piece.length;
    if (piece.trim()) fresh++;
  }
  emit();
  return out;
}
