import type { Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import { HIGHLIGHT_LANGUAGES } from './highlight-languages';
import 'highlight.js/styles/github.css';

/**
 * Code highlighting for replies, in a chunk of its own (highlight.js is most of the chat page's code): fetched the
 * first time a reply has a fenced block in a language, so a chat without code never downloads it
 * (reply-markdown.tsx, docs/performance.md).
 */
export const highlightPlugin: NonNullable<Options['rehypePlugins']>[number] = [
  rehypeHighlight,
  { languages: HIGHLIGHT_LANGUAGES, detect: false },
];
