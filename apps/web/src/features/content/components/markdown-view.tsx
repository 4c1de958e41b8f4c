import { SafeMarkdown } from '../../../lib/safe-markdown';
import './markdown-view.css';

/** Markdown from the server. Raw HTML is dropped, never rendered (docs/product.md, Content and settings). */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="lx-markdown">
      <SafeMarkdown source={source} />
    </div>
  );
}
