import { createContext, memo, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components, type ExtraProps, type Options } from 'react-markdown';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remend, { INCOMPLETE_IMAGE_PLACEHOLDER } from 'remend';
import { copyWithToast } from '../lib/clipboard';
import { rehypeCiteMarkers } from './cite-markers';
import './reply-markdown.css';

type HastNode = NonNullable<ExtraProps['node']> | { type: string; value?: string; children?: unknown[] };

/** The plain text of a rendered node: what a code block's copy button copies. */
function hastText(node: HastNode | undefined): string {
  if (!node) return '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  const children = 'children' in node && Array.isArray(node.children) ? (node.children as HastNode[]) : [];
  return children.map(hastText).join('');
}

function CodeBlock({ node, children }: { node?: ExtraProps['node']; children?: ReactNode }) {
  const { t } = useTranslation();
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  const className = code && code.type === 'element' ? String(code.properties.className ?? '') : '';
  const language = /language-([\w+#-]+)/.exec(className)?.[1] ?? '';
  return (
    <div className="lx-code">
      <div className="lx-code__bar">
        <span className="lx-code__lang">{language || 'code'}</span>
        <button
          type="button"
          className="lx-code__copy"
          onClick={() => void copyWithToast(hastText(code).replace(/\n$/, ''), t('common.copied'))}
          data-testid="copy-code"
        >
          {t('chat.copyCode')}
        </button>
      </div>
      <pre>{children}</pre>
    </div>
  );
}

/** The citations of the reply being rendered: how many it has, and what tapping a marker does. */
interface CiteHandler {
  count: number;
  onOpen?: (index: number) => void;
}
const CiteContext = createContext<CiteHandler>({ count: 0 });

/** A `[n]` marker: a tappable superscript when the reply has citation n, else the text it was. */
function CiteMarker({ node }: { node?: ExtraProps['node'] }) {
  const { t } = useTranslation();
  const { count, onOpen } = useContext(CiteContext);
  const index = Number(node?.properties.dataCite);
  const marker = String(node?.properties.dataMarker ?? `[${index}]`);
  if (!(index >= 1 && index <= count)) return <>{marker}</>;
  if (!onOpen) return <sup className="lx-cite">{index}</sup>;
  return (
    <button
      type="button"
      className="lx-cite lx-cite--button"
      onClick={() => onOpen(index)}
      aria-label={t('chat.citations.open', { index })}
      data-testid="cite-marker"
    >
      {index}
    </button>
  );
}

const components: Components = {
  pre: CodeBlock,
  sup: ({ node, children }) =>
    node?.properties.dataCite !== undefined ? <CiteMarker node={node} /> : <sup>{children}</sup>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  // An image still being written has no address yet: show nothing rather than a broken picture.
  img: ({ src, alt }) =>
    src && !src.startsWith(INCOMPLETE_IMAGE_PLACEHOLDER) ? <img src={src} alt={alt ?? ''} /> : null,
};

/** A `[1` at the end is a citation marker on its way: held back, or the half link rule would show its digits. */
const unfinishedCiteMarker = {
  name: 'unfinished-cite-marker',
  // Before remend's own link completion (priorities 0–100).
  priority: -1,
  handle: (text: string) => text.replace(/\[\d{0,3}$/, ''),
};

/**
 * A reply cut off mid-stream, with its open markers closed (`**重点` → `**重点**`, an open `` ` ``, a half link
 * shown as its text), so it reads as it will once finished instead of showing raw markers until the end.
 * Text inside a code block is left alone.
 */
export const healPartialMarkdown = (source: string) =>
  remend(source, { linkMode: 'text-only', handlers: [unfinishedCiteMarker] });

// Chinese text puts punctuation right before a closing `**` (**注意：**请…), which CommonMark would show raw.
const remarkPlugins: Options['remarkPlugins'] = [remarkCjkFriendly];

type RehypePlugin = NonNullable<Options['rehypePlugins']>[number];

/** The highlighter once fetched (reply-highlight.ts): one fetch for the whole app, retried after a failure. */
let highlighter: RehypePlugin | null = null;
let highlighterLoad: Promise<void> | null = null;
const loadHighlighter = () =>
  (highlighterLoad ??= import('./reply-highlight').then(
    (m) => void (highlighter = m.highlightPlugin),
    () => void (highlighterLoad = null),
  ));

/** A fenced code block that names its language: the only code highlighted (no guessing, `detect: false`). */
const FENCED_CODE = /(?:^|\n) {0,3}(?:```|~~~)[ \t]*[\w+#-]/;

/** The highlighter when the source has code to highlight: fetched then, the code shown plain until it arrives. */
function useHighlighter(source: string): RehypePlugin | null {
  const wanted = FENCED_CODE.test(source);
  const [plugin, setPlugin] = useState<RehypePlugin | null>(() => highlighter);
  useEffect(() => {
    if (!wanted || plugin) return;
    let active = true;
    void loadHighlighter().then(() => {
      if (active && highlighter) setPlugin(() => highlighter);
    });
    return () => {
      active = false;
    };
  }, [wanted, plugin]);
  return wanted ? plugin : null;
}

export interface ReplyMarkdownProps {
  source: string;
  /** How many citations the reply has: its `[n]` markers up to this become marks. */
  citationCount?: number;
  /** Tapping a marker (makes the marks buttons). */
  onOpenCitation?: (index: number) => void;
  /** Still being written: open markers at the end are closed before rendering. */
  streaming?: boolean;
}

/** A reply's markdown: code highlighted with a copy button, raw HTML never rendered (docs/product.md, Chat). */
export const ReplyMarkdownRender = memo(function ReplyMarkdownRender({
  source,
  citationCount = 0,
  onOpenCitation,
  streaming = false,
}: ReplyMarkdownProps) {
  const cite = useMemo(
    () => ({ count: citationCount, onOpen: onOpenCitation }),
    [citationCount, onOpenCitation],
  );
  const highlight = useHighlighter(source);
  const rehypePlugins = useMemo(
    () => (highlight ? [highlight, rehypeCiteMarkers] : [rehypeCiteMarkers]),
    [highlight],
  );
  return (
    <div className="lx-reply-md">
      <CiteContext.Provider value={cite}>
        <Markdown
          skipHtml
          components={components}
          remarkPlugins={remarkPlugins}
          rehypePlugins={rehypePlugins}
        >
          {streaming ? healPartialMarkdown(source) : source}
        </Markdown>
      </CiteContext.Provider>
    </div>
  );
});
