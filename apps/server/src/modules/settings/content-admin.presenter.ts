import {
  countGraphemes,
  utf8Bytes,
  type AdminContentPageItem,
  type ContentSlug,
  type SensitiveWordList,
  type SensitiveWordsSaved,
  type SensitiveWordsTestResult,
} from '@lingxi/contract';
import type { WordHit } from '../../platform/moderation/index.js';
import type { WordList, WordsSaved } from './content-admin.service.js';
import type { ContentPageRow } from './settings.repository.js';

export const presentContentPageItem = (row: ContentPageRow): AdminContentPageItem => ({
  slug: row.slug as ContentSlug,
  title: row.title,
  updated_at: row.updatedAt.toISOString(),
  length: countGraphemes(row.body),
  bytes: utf8Bytes(row.body),
});

export const presentWordList = (list: WordList): SensitiveWordList => ({
  words: list.words,
  updated_at: list.updatedAt?.toISOString() ?? null,
});

export const presentWordsSaved = (saved: WordsSaved): SensitiveWordsSaved => ({
  ...presentWordList(saved),
  added: saved.added,
  removed: saved.removed,
});

export const presentWordHits = (text: string, hits: WordHit[]): SensitiveWordsTestResult => ({
  hits: hits.map((h) => ({ word: h.word, start: h.start, end: h.end, text: text.slice(h.start, h.end) })),
});
