import type { Snippet } from '@lingxi/contract';
import { previewMessages } from './community.presenter.js';
import type { SnippetView } from './snippets.service.js';

/** A snippet on the wire: in a list its first messages only (`previewMessages`), opened all of them. */
export function presentSnippet(v: SnippetView, detail: boolean): Snippet {
  const r = v.row;
  return {
    id: r.id,
    title: r.title,
    note: r.note,
    bot: v.bot,
    messages: detail ? r.messages : previewMessages(r.messages),
    message_count: r.messages.length,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
