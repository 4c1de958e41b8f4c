import Markdown, { type Components } from 'react-markdown';

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

/**
 * Operator-written Markdown (content pages) as the app renders it, and as the console previews it: raw HTML is
 * dropped, never rendered (docs/product.md, Content and settings). The look is the caller's.
 */
export function SafeMarkdown({ source }: { source: string }) {
  return (
    <Markdown skipHtml components={components}>
      {source}
    </Markdown>
  );
}
