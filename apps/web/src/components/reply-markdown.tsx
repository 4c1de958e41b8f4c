import { memo, useEffect, useState, type ComponentType } from 'react';
import type { ReplyMarkdownProps } from './reply-markdown-render';
import './reply-markdown.css';

/*
 * A reply's text, with the Markdown renderer (react-markdown, micromark: reply-markdown-render.tsx) fetched only
 * when the text needs it: a reply with no Markdown in it (most greetings) is drawn here, exactly as the renderer
 * draws it, so the chat page's first load goes without it (docs/performance.md, What the first load leaves out).
 */

type Renderer = ComponentType<ReplyMarkdownProps>;

/** The renderer once fetched: one fetch for the whole app, retried after a failure. */
let renderer: Renderer | null = null;
let rendererLoad: Promise<Renderer> | null = null;
export const loadReplyRenderer = (): Promise<Renderer> =>
  (rendererLoad ??= import('./reply-markdown-render').then(
    (m) => (renderer = m.ReplyMarkdownRender),
    (error: unknown) => {
      rendererLoad = null;
      throw error;
    },
  ));

/**
 * Text the renderer would show as plain paragraphs: no character that can start Markdown (emphasis, code, links,
 * citation markers `[n]`, HTML, entities, escapes; nor `\r`, kept as it is), no line that can open a block (heading, quote, list, rule,
 * setext underline, indented code), no hard break (two spaces at a line's end).
 */
const INLINE_SYNTAX = /[*_`#>[\]<&|~\\\r]/;
// Indented code opens at four columns of leading blanks, a tab reaching the next multiple of four.
const BLOCK_LINE = /(^|\n)(?: {4}| {0,3}\t| {0,3}(?:[-+=]|\d{1,9}[.)]))/;
const HARD_BREAK = / {2,}\n/;
export const isPlainText = (source: string) =>
  !INLINE_SYNTAX.test(source) && !BLOCK_LINE.test(source) && !HARD_BREAK.test(source);

/** Paragraphs as CommonMark makes them: split at blank lines, each line trimmed, lines kept apart by `\n`. */
export function plainParagraphs(source: string): string[] {
  const paragraphs: string[][] = [[]];
  for (const line of source.split('\n')) {
    const text = line.replace(/^[ \t]+|[ \t]+$/g, '');
    if (text) paragraphs[paragraphs.length - 1]!.push(text);
    else if (paragraphs[paragraphs.length - 1]!.length) paragraphs.push([]);
  }
  return paragraphs.filter((lines) => lines.length).map((lines) => lines.join('\n'));
}

export function PlainReply({ source }: { source: string }) {
  return (
    <div className="lx-reply-md">
      {plainParagraphs(source).map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </div>
  );
}

/**
 * A reply's markdown: code highlighted with a copy button, raw HTML never rendered (docs/product.md, Chat). Until
 * the renderer arrives, a reply with Markdown in it shows as plain paragraphs of its text.
 */
export const ReplyMarkdown = memo(function ReplyMarkdown(props: ReplyMarkdownProps) {
  const wanted = !isPlainText(props.source);
  const [Render, setRender] = useState<Renderer | null>(() => renderer);
  useEffect(() => {
    if (!wanted || Render) return;
    let active = true;
    loadReplyRenderer().then(
      (r) => active && setRender(() => r),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [wanted, Render]);
  if (Render) return <Render {...props} />;
  return <PlainReply source={props.source} />;
});
