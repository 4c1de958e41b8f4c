import type {
  HitTestResult,
  KnowledgeBase,
  KnowledgeBaseList,
  KnowledgeDocument,
  KnowledgeLimits,
  KnowledgeOption,
  RetrievedPassage,
} from '@lingxi/contract';
import type { Entitlements } from '../account/entitlements.service.js';
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

/** What the user may have, beside what they have: the entitlements' limits in the knowledge wire shape. */
export const presentLimits = ({ isVip, limits }: Entitlements): KnowledgeLimits => ({
  max_bases: limits.knowledgeBases,
  max_documents_per_base: limits.documentsPerBase,
  max_document_bytes: limits.documentBytes,
  max_total_bytes: limits.totalDocumentBytes,
  vip: isVip,
});

export const presentBaseList = (r: {
  rows: BaseWithCounts[];
  entitlements: Entitlements;
}): KnowledgeBaseList => ({
  list: r.rows.map(presentBase),
  usage: { bases: r.rows.length, bytes: r.rows.reduce((n, b) => n + b.bytes, 0) },
  limits: presentLimits(r.entitlements),
});

export const presentHitTest = (r: {
  passages: RetrievedPassage[];
  mode: HitTestResult['mode'];
  tookMs: number;
}): HitTestResult => ({ list: r.passages, mode: r.mode, took_ms: r.tookMs });
