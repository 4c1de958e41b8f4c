import type { KnowledgeBase, KnowledgeDocument, KnowledgeOption } from '@lingxi/contract';
import type { BaseWithCounts, DocumentInfo } from './knowledge.repository.js';

export const presentBase = (b: BaseWithCounts): KnowledgeBase => ({
  id: b.id,
  name: b.name,
  description: b.description,
  cover: b.cover,
  document_count: b.documentCount,
  processing_count: b.processingCount,
  passage_count: b.passageCount,
  bytes: b.bytes,
  updated_at: b.updatedAt.toISOString(),
  created_at: b.createdAt.toISOString(),
});

export const presentDocument = (d: DocumentInfo): KnowledgeDocument => ({
  id: d.id,
  knowledge_base_id: d.knowledgeBaseId,
  name: d.name,
  source: d.source,
  mime: d.mime,
  bytes: d.bytes,
  chars: d.chars,
  passage_count: d.passageCount,
  status: d.status,
  error: d.error,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

export const presentOption = (o: {
  id: number;
  name: string;
  cover: string;
  documentCount: number;
}): KnowledgeOption => ({ id: o.id, name: o.name, cover: o.cover, document_count: o.documentCount });
