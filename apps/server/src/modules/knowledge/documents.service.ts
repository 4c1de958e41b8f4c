import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import {
  type Entitlements,
  type EntitlementsService,
  limitReached,
} from '../account/entitlements.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { deleteIndex } from './index.repository.js';
import { INGEST_QUEUE, type IngestJob } from './ingestion.js';
import { type NewDocument, knowledgeRepository as repo } from './knowledge.repository.js';
import { baseNotFound, fieldError, formatBytes, type KnowledgeService } from './knowledge.service.js';

const documentNotFound = () => AppError.notFound('文档不存在');
const TEXT_MIME = 'text/plain';

type NewDoc = Pick<NewDocument, 'name' | 'source' | 'uploadId' | 'body' | 'mime' | 'bytes'>;

/**
 * The documents of a base: a file the user uploaded (purpose knowledge_doc) or pasted text. Adding one writes
 * the document (pending) and its ingestion job in one transaction, after the limits pass; the job does the
 * rest (ingestion.ts). Re-processing starts a new revision, so an older job of the document changes nothing.
 */
export class DocumentsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      knowledge: KnowledgeService;
      uploads: UploadsService;
      entitlements: EntitlementsService;
    },
  ) {}

  async list(userId: number, baseId: number, cursor: string | undefined, limit: number) {
    await this.deps.knowledge.ownBase(userId, baseId);
    return idPage(await repo.documents(this.ctx.db, baseId, decodeIdCursor(cursor), limit), limit);
  }

  /** A file the user uploaded for a knowledge base; each upload is the file of one document. */
  async addUpload(user: AuthUser, baseId: number, uploadId: number) {
    await this.deps.knowledge.ownBase(user.id, baseId);
    const upload = await this.deps.uploads.get(user.id, uploadId);
    if (upload.purpose !== 'knowledge_doc') {
      throw fieldError('upload_id', '请上传知识库文档（TXT、Markdown、PDF、Word）');
    }
    return this.add(user, baseId, {
      name: upload.name,
      source: 'upload',
      uploadId,
      body: null,
      mime: upload.mime,
      bytes: upload.bytes,
    });
  }

  /** Pasted text: its size is its UTF-8 bytes. */
  async addText(user: AuthUser, baseId: number, input: { title: string; content: string }) {
    return this.add(user, baseId, {
      name: input.title,
      source: 'text',
      uploadId: null,
      body: input.content,
      mime: TEXT_MIME,
      bytes: Buffer.byteLength(input.content, 'utf8'),
    });
  }

  private async add(user: AuthUser, baseId: number, doc: NewDoc) {
    const { db, clock, jobs } = this.ctx;
    const entitlements = await this.deps.entitlements.of(user);
    const { limits } = entitlements;
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      // Inside the lock: the base may be deleted meanwhile.
      if (!(await repo.ownBase(tx, user.id, baseId))) throw baseNotFound();
      this.checkSize(doc.bytes, entitlements);
      if (doc.uploadId && (await repo.uploadInUse(tx, doc.uploadId))) {
        throw fieldError('upload_id', '该文件已添加过，请重新上传');
      }
      const perBase = limits.documentsPerBase;
      const { documents, bytes: used } = await repo.usage(tx, user.id, baseId);
      if (documents >= perBase) {
        throw limitReached(entitlements, perBase, `每个知识库最多${perBase}个文档`, '添加更多');
      }
      if (used + doc.bytes > limits.totalDocumentBytes) {
        const total = formatBytes(limits.totalDocumentBytes);
        const what = `知识库空间不足：已用${formatBytes(used)}，共${total}`;
        throw limitReached(entitlements, limits.totalDocumentBytes, what, '获得更多空间');
      }
      const inserted = await repo.insertDocument(tx, {
        ...doc,
        knowledgeBaseId: baseId,
        userId: user.id,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      await repo.updateBase(tx, baseId, { updatedAt: now });
      await jobs.send<IngestJob>(INGEST_QUEUE, { documentId: inserted.id, revision: inserted.revision }, tx);
      return inserted;
    });
    jobs.wake(INGEST_QUEUE);
    return row;
  }

  private checkSize(bytes: number, entitlements: Entitlements) {
    const max = entitlements.limits.documentBytes;
    if (bytes > max)
      throw limitReached(entitlements, max, `单个文档最大${formatBytes(max)}`, '上传更大的文档');
  }

  private async ownDocument(userId: number, baseId: number, id: number) {
    await this.deps.knowledge.ownBase(userId, baseId);
    const row = await repo.documentOf(this.ctx.db, baseId, id);
    if (!row) throw documentNotFound();
    return row;
  }

  /**
   * Deletes a document: its passages and vectors (in short statements), the row, then its file; its job
   * becomes a no-op.
   */
  async remove(userId: number, baseId: number, id: number) {
    const doc = await this.ownDocument(userId, baseId, id);
    const now = this.ctx.clock.now();
    await deleteIndex(this.ctx.db, { documentId: doc.id });
    await this.ctx.db.transaction(async (tx) => {
      await repo.deleteDocument(tx, doc.id);
      await repo.updateBase(tx, baseId, { updatedAt: now });
    });
    if (doc.uploadId) await this.deps.knowledge.removeUpload(userId, doc.uploadId);
  }

  /**
   * Processes a document again (after a failure, or after the parser improved): a new revision, pending, with
   * a new job; its current passages stay until the job replaces them (none is searched until it is ready).
   */
  async reprocess(userId: number, baseId: number, id: number) {
    await this.ownDocument(userId, baseId, id);
    const { db, clock, jobs } = this.ctx;
    const row = await db.transaction(async (tx) => {
      const updated = await repo.reprocess(tx, id, clock.now());
      if (!updated) throw documentNotFound();
      await jobs.send<IngestJob>(INGEST_QUEUE, { documentId: id, revision: updated.revision }, tx);
      return updated;
    });
    jobs.wake(INGEST_QUEUE);
    return row;
  }
}
