import type { Citation, RetrievedPassage } from '@lingxi/contract';

/** The passages that went into a prompt, as the reply's citations: numbered [1], [2] … in the prompt's order. */
export const citationsOf = (used: RetrievedPassage[]): Citation[] =>
  used.map((p, i) => ({
    index: i + 1,
    document: p.document,
    heading: p.heading,
    passage: p.content,
    score: p.score,
  }));
