import { ErrorCode } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { Job, JobQueue } from '../../platform/jobs/jobs.js';
import type { Embedder } from '../../platform/llm/embeddings.js';
import { readAll } from '../../platform/storage/index.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { writeDocumentIndex } from './index.repository.js';
import { type DocumentRow, knowledgeRepository as repo } from './knowledge.repository.js';
import { DocumentError, DocumentFailure } from './text/errors.js';
import type { DocumentReader } from './text/document-reader.js';

/** One revision of one document to process; a job of an older revision finds nothing to do. */
export type IngestJob = { documentId: number; revision: number };

export const INGEST_QUEUE = 'knowledge-ingest';
/** Where a job goes after its last attempt failed, however it failed (a thrown error, or a killed worker). */
export const INGEST_FAILED_QUEUE = 'knowledge-ingest-failed';
/** Retries after the first attempt, about 10 s, 20 s and 40 s apart (JOBS_RETRY_DELAY_SECONDS, doubling). */
export const INGEST_RETRY_LIMIT = 3;
/** A job active this long lost its worker (killed mid-job) and is retried. */
const INGEST_EXPIRE_SECONDS = 300;

export const retryingNote = (retry: number) => `处理失败，正在重试（第${retry}次）`;
export const GAVE_UP = '处理失败，请稍后重新处理';
const FILE_GONE = '文件不存在或已被删除，请重新上传';

/**
 * The ingestion job: a document's text is read (file or pasted), split into passages and indexed (terms per
 * passage, heading included) in a worker thread (DocumentReader) and embedded when an embedding model is
 * configured; the index is written in short statements and the document made `ready` after it, each checking
 * that this revision is still the document's. A DocumentError (corrupt, encrypted, no text) fails
 * the document with its reason at once; anything else is retried with back-off, the document `pending` with a
 * note meanwhile, and `failed` after the last attempt.
 */
export class Ingestion {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { uploads: UploadsService; reader: DocumentReader; embedder?: Embedder },
  ) {}

  /** Defines the queues; the app starts them after every module has defined its own. */
  register(jobs: JobQueue) {
    jobs.define<IngestJob>(
      { name: INGEST_FAILED_QUEUE, retryLimit: 3, expireInSeconds: 60, pollingIntervalSeconds: 10 },
      (job) => this.gaveUp(job.data),
    );
    jobs.define<IngestJob>(
      {
        name: INGEST_QUEUE,
        retryLimit: INGEST_RETRY_LIMIT,
        expireInSeconds: INGEST_EXPIRE_SECONDS,
        deadLetter: INGEST_FAILED_QUEUE,
      },
      (job) => this.run(job),
    );
  }

  /** One attempt of the job; throws (so it is retried) only for a transient failure. */
  async run(job: Job<IngestJob>) {
    const { documentId, revision } = job.data;
    try {
      await this.process(job.data, job.signal);
    } catch (err) {
      const now = this.ctx.clock.now();
      if (err instanceof DocumentError) {
        await repo.setOutcome(this.ctx.db, documentId, revision, {
          status: 'failed',
          error: err.message,
          updatedAt: now,
        });
        return;
      }
      const last = job.retryCount >= job.retryLimit;
      await repo
        .setOutcome(this.ctx.db, documentId, revision, {
          status: last ? 'failed' : 'pending',
          error: last ? GAVE_UP : retryingNote(job.retryCount + 1),
          updatedAt: now,
        })
        .catch((e: unknown) => this.ctx.log.warn({ err: e, documentId }, 'document status not saved'));
      throw err;
    }
  }

  /**
   * Processes one revision of a document. Returns false when there was nothing to do: the document is gone,
   * was re-processed since (a newer revision), or this revision already ended.
   */
  async process({ documentId, revision }: IngestJob, signal?: AbortSignal): Promise<boolean> {
    const { db, clock } = this.ctx;
    const doc = await repo.startProcessing(db, documentId, revision, clock.now());
    if (!doc) return false;
    const { data, mime } = await this.fileOf(doc);
    signal?.throwIfAborted();
    const { chars, passages } = await this.deps.reader.read(data, mime, signal);
    if (!passages.length) throw new DocumentError(DocumentFailure.NO_TEXT);
    const embedder = this.deps.embedder;
    const embeddings = embedder && {
      model: embedder.model,
      vectors: await embedder.embed(
        passages.map((p) => (p.heading ? `${p.heading}\n${p.content}` : p.content)),
        signal,
      ),
    };
    signal?.throwIfAborted();
    // The index first, in short statements (the document is not ready, so no reader sees it half-written),
    // then `ready`: each re-checks the revision, and a newer one stops this one where it is.
    const written = await writeDocumentIndex(db, {
      knowledgeBaseId: doc.knowledgeBaseId,
      documentId,
      revision,
      passages,
      embeddings,
    });
    return (
      written &&
      repo.setOutcome(db, documentId, revision, {
        status: 'ready',
        error: null,
        chars,
        passageCount: passages.length,
        updatedAt: clock.now(),
      })
    );
  }

  /** The document's bytes and type: pasted text, or its uploaded file. */
  private async fileOf(doc: DocumentRow): Promise<{ data: Buffer; mime: string }> {
    if (doc.source === 'text') return { data: Buffer.from(doc.body ?? '', 'utf8'), mime: 'text/plain' };
    if (!doc.uploadId) throw new DocumentError(FILE_GONE);
    const file = await this.deps.uploads.open(doc.userId, doc.uploadId).catch((err: unknown) => {
      throw err instanceof AppError && err.code === ErrorCode.NOT_FOUND ? new DocumentError(FILE_GONE) : err;
    });
    const data = await readAll(file.object.body, Math.max(doc.bytes, file.upload.bytes));
    return { data, mime: doc.mime };
  }

  /** The last attempt failed (or its worker died): the document says so, unless it moved on meanwhile. */
  private async gaveUp({ documentId, revision }: IngestJob) {
    await repo.setOutcome(this.ctx.db, documentId, revision, {
      status: 'failed',
      error: GAVE_UP,
      updatedAt: this.ctx.clock.now(),
    });
  }
}
