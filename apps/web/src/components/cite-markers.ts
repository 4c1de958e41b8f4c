/**
 * Citation markers in a reply: `[1]` or `【1】` in its text become `<sup data-cite="1">` elements, which the
 * reply's markdown renders as a tappable mark (or back as plain text when the reply has no such citation).
 * Code is left alone. A small rehype plugin over the HTML tree.
 */
const MARKER = /\[(\d{1,2})\]|【(\d{1,2})】/g;
const SKIP = new Set(['code', 'pre', 'a']);

interface TextNode {
  type: 'text';
  value: string;
}
interface ElementNode {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: TreeNode[];
}
type TreeNode = TextNode | ElementNode | { type: string; children?: TreeNode[] };

function split(text: string): TreeNode[] | null {
  MARKER.lastIndex = 0;
  if (!MARKER.test(text)) return null;
  MARKER.lastIndex = 0;
  const out: TreeNode[] = [];
  let at = 0;
  for (const match of text.matchAll(MARKER)) {
    const index = Number(match[1] ?? match[2]);
    if (match.index > at) out.push({ type: 'text', value: text.slice(at, match.index) });
    out.push({
      type: 'element',
      tagName: 'sup',
      properties: { dataCite: index, dataMarker: match[0] },
      children: [{ type: 'text', value: String(index) }],
    });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ type: 'text', value: text.slice(at) });
  return out;
}

function walk(node: TreeNode) {
  if (!('children' in node) || !node.children) return;
  if (node.type === 'element' && SKIP.has((node as ElementNode).tagName)) return;
  const next: TreeNode[] = [];
  for (const child of node.children) {
    const parts = child.type === 'text' ? split((child as TextNode).value) : null;
    if (parts) next.push(...parts);
    else {
      walk(child);
      next.push(child);
    }
  }
  node.children = next;
}

export function rehypeCiteMarkers() {
  return (tree: unknown) => walk(tree as TreeNode);
}
