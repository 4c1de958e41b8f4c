/**
 * A reply's Markdown read as plain words on one line, for previews and titles (a snippet card, the title a
 * snippet starts with): code fences, link targets, heading / quote / list marks and emphasis marks go, and the
 * words around an emphasis join up again ("我是**小灵**。" reads "我是小灵。").
 */
export function markdownToPlain(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
