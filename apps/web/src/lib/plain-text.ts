/**
 * Markdown read as plain words on one line, for previews (a conversation's last message, a snippet card, a title
 * to start from): fences, heading / quote / list marks, emphasis, tables' pipes and links' targets go; what the
 * words say stays. Not a Markdown parser: a preview may keep an odd mark, it never loses a word.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*(?::?-{3,}:?)?[ \t]*$/gm, ' ')
    .replace(/^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$/gm, ' ')
    .replace(/^[ \t]{0,3}(?:(?:>[ \t]?)+|#{1,6}[ \t]+|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
