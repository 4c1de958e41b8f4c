/**
 * A reply as one line for conversation lists: its plain words, without Markdown marks or code, and without a
 * leading quoted notice (such as the offline model's) when there is more to show.
 */
export function previewOf(markdown: string, max = 100): string {
  const lines = markdown.replace(/```[\s\S]*?(```|$)/g, ' ').split('\n');
  const body = lines.filter((l) => !/^\s*>/.test(l));
  const text = (body.some((l) => l.trim()) ? body : lines)
    .map((l) => l.replace(/^\s*>\s?/, '').replace(/^\s*(?:[-+*]|\d+\.)\s+/, ''))
    .join(' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~#|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, max);
}
