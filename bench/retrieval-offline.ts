/**
 * bench:retrieval's in-process figures: the server's own splitting and segmentation (splitPassages,
 * segmentTerms, normalizeText) under the same BM25 as its SQL (k1 1.2, b 0.75; the best 20 passages, ranked by
 * their distinct documents), without the server. It shows what a run
 * the server cannot make would give — traditional Chinese indexed and searched WITHOUT the script
 * normalisation — next to the same model with it, which matches the server's own run (docs/i18n.md).
 */
import { splitPassages } from '../apps/server/src/modules/knowledge/text/split.js';
import { normalizeText, segmentTerms } from '../apps/server/src/modules/knowledge/text/terms.js';

export type Scored = { r1: number; r5: number; mrr: number };
type Case = { context: string; questions: string[] };

const K1 = 1.2;
const B = 0.75;
/** Passages asked per question, as the server run asks. */
const TOP_K = 20;

/** Text as the index would see it: normalised fully, or (`script: false`) without turning traditional into simplified. */
function normalOf(text: string, script: boolean) {
  return script ? normalizeText(text) : text.normalize('NFKC').toLowerCase();
}

/**
 * Recall@1, Recall@5 and MRR@10 of BM25 over `documents` (each a paragraph) for `queries` (each asked of the
 * paragraph with its index), the terms normalised with or without the script step.
 */
export function offlineRecall(documents: Case[], queries: Case[], script: boolean): Scored {
  const postings = new Map<string, [number, number][]>();
  const lengths: number[] = [];
  /** Each passage's document. */
  const docOf: number[] = [];
  documents.forEach((d, doc) => {
    for (const p of splitPassages(d.context)) {
      const tf = new Map<string, number>();
      let len = 0;
      const text = p.heading ? `${p.heading}\n${p.content}` : p.content;
      for (const t of segmentTerms(normalOf(text, script), 'index')) {
        tf.set(t, (tf.get(t) ?? 0) + 1);
        len++;
      }
      const passage = lengths.length;
      lengths.push(len);
      docOf.push(doc);
      for (const [t, n] of tf) {
        const list = postings.get(t);
        if (list) list.push([passage, n]);
        else postings.set(t, [[passage, n]]);
      }
    }
  });
  const n = lengths.length;
  const avgdl = lengths.reduce((a, b) => a + b, 0) / n || 1;
  let r1 = 0;
  let r5 = 0;
  let mrr = 0;
  let asked = 0;
  queries.forEach((p, paragraph) => {
    for (const q of p.questions) {
      const terms = [...new Set(segmentTerms(normalOf(q.slice(0, 200), script), 'query'))].slice(0, 64);
      const scores = new Map<number, number>();
      for (const t of terms) {
        const list = postings.get(t);
        if (!list) continue;
        const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
        for (const [passage, tf] of list) {
          const s = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[passage]!) / avgdl));
          scores.set(passage, (scores.get(passage) ?? 0) + s);
        }
      }
      const ranked: number[] = [];
      for (const [passage] of [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, TOP_K)) {
        if (!ranked.includes(docOf[passage]!)) ranked.push(docOf[passage]!);
      }
      const rank = ranked.slice(0, 10).indexOf(paragraph) + 1;
      asked++;
      if (rank === 1) r1++;
      if (rank >= 1 && rank <= 5) r5++;
      if (rank >= 1) mrr += 1 / rank;
    }
  });
  return { r1: r1 / asked, r5: r5 / asked, mrr: mrr / asked };
}
