/**
 * The first `max` characters of a text as users see them (grapheme clusters, as `countGraphemes` of the contract
 * counts them): a cut never splits 👍🏻 or 👨‍👩‍👧.
 */
export function sliceGraphemes(text: string, max: number): string {
  let out = '';
  let n = 0;
  for (const { segment } of new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(text)) {
    if (n === max) break;
    out += segment;
    n++;
  }
  return out;
}
