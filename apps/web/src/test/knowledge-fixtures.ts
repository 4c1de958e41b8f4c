import type { KnowledgeBase, KnowledgeBaseList, KnowledgeDocument } from '@lingxi/contract';

export function makeKnowledgeBase(overrides: Partial<KnowledgeBase> = {}): KnowledgeBase {
  return {
    id: 9,
    name: '产品手册',
    description: '灵犀的功能说明和常见问题',
    cover: '',
    document_count: 3,
    processing_count: 0,
    passage_count: 42,
    bytes: 12_595,
    updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeKnowledgeList(
  list: KnowledgeBase[],
  overrides: {
    usage?: Partial<KnowledgeBaseList['usage']>;
    limits?: Partial<KnowledgeBaseList['limits']>;
  } = {},
): KnowledgeBaseList {
  return {
    list,
    usage: { bases: list.length, bytes: list.reduce((sum, b) => sum + b.bytes, 0), ...overrides.usage },
    limits: {
      max_bases: 10,
      max_documents_per_base: 100,
      max_document_bytes: 10 * 1024 * 1024,
      max_total_bytes: 50 * 1024 * 1024,
      vip: false,
      ...overrides.limits,
    },
  };
}

export function makeDocument(overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument {
  return {
    id: 1,
    knowledge_base_id: 9,
    name: '使用指南.md',
    source: 'upload',
    mime: 'text/markdown',
    bytes: 2048,
    chars: 1830,
    passage_count: 6,
    status: 'ready',
    error: null,
    created_at: new Date(Date.now() - 60_000).toISOString(),
    updated_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}
