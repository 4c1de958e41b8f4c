import { Fragment, type ReactNode } from 'react';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The bits of a query worth marking in a passage, without a segmenter: Latin words and numbers of two or more
 * characters, and every pair of adjacent Chinese characters (a cheap stand-in for words).
 */
export function highlightTerms(query: string): string[] {
  const terms = new Set<string>();
  const normal = query.normalize('NFKC').toLowerCase();
  for (const word of normal.match(/[a-z0-9]{2,}/g) ?? []) terms.add(word);
  for (const run of normal.match(/[\u3400-\u9fff\uf900-\ufaff]+/g) ?? []) {
    if (run.length === 1) continue;
    for (let i = 0; i + 1 < run.length; i++) terms.add(run.slice(i, i + 2));
  }
  return [...terms];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with the query's terms marked; overlapping Chinese pairs merge into one mark. */
export function Highlight({ text, query }: { text: string; query: string }): ReactNode {
  const terms = highlightTerms(query);
  if (terms.length === 0) return text;
  const pattern = new RegExp(`(?:${terms.map(escape).join('|')})`, 'gi');
  const marks: [number, number][] = [];
  // Matches may overlap (中国, 国人 in 中国人): find them from every start, then merge the ranges.
  for (let i = 0; i < text.length;) {
    pattern.lastIndex = i;
    const m = pattern.exec(text);
    if (!m) break;
    const start = m.index;
    const end = start + m[0].length;
    const last = marks.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else marks.push([start, end]);
    i = CJK.test(m[0]) ? start + 1 : end;
  }
  if (marks.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(<mark key={`m${start}`}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
