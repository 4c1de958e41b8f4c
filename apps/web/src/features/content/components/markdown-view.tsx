import Markdown, { type Components } from 'react-markdown';
import './markdown-view.css';

const components: Components = {
  // Links inside content open safely: external ones in a new tab, never with the opener.
  a: ({ href, children }) => {
    const external = Boolean(href && /^https?:\/\//.test(href));
    return (
      <a
        href={href}
        target={external ? '_blank' : undefined}
        rel={external ? 'noopener noreferrer' : undefined}
      >
        {children}
      </a>
    );
  },
};

/** Markdown from the server. Raw HTML is dropped, never rendered (docs/product.md, Content and settings). */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="lx-markdown">
      <Markdown skipHtml components={components}>
        {source}
      </Markdown>
    </div>
  );
}
