import type { KnowledgeDocument } from '@lingxi/contract';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** "0 KB", "12.3 KB", "4.5 MB": one decimal, dropped when it is zero. */
export function formatBytes(bytes: number): string {
  const fixed = (value: number) => String(Number(value.toFixed(1)));
  if (bytes >= GB) return `${fixed(bytes / GB)} GB`;
  if (bytes >= MB) return `${fixed(bytes / MB)} MB`;
  if (bytes <= 0) return '0 KB';
  return `${fixed(Math.max(bytes / KB, 0.1))} KB`;
}

export type DocumentKind = 'txt' | 'md' | 'pdf' | 'docx' | 'text' | 'other';

const BY_MIME: Record<string, DocumentKind> = {
  'text/plain': 'txt',
  'text/markdown': 'md',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** The extensions a knowledge document may have, and the type each is sent with. */
export const DOCUMENT_EXTENSIONS: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const DOCUMENT_ACCEPT = '.txt,.md,.markdown,.pdf,.docx';

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What icon a document gets: pasted text, or its file type (by type, else by name). */
export function documentKind(doc: Pick<KnowledgeDocument, 'source' | 'mime' | 'name'>): DocumentKind {
  if (doc.source === 'text') return 'text';
  const byMime = BY_MIME[doc.mime];
  if (byMime) return byMime;
  const ext = extensionOf(doc.name);
  if (ext === 'markdown') return 'md';
  if (ext === 'md' || ext === 'pdf' || ext === 'docx' || ext === 'txt') return ext;
  // A stored document is one of the four even when its name says otherwise; a picked file may be anything.
  return doc.mime === '' ? 'other' : 'txt';
}
