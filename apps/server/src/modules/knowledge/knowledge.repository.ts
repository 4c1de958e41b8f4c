import { and, count, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { knowledgeBases, knowledgeDocuments } from '../../db/schema/knowledge.js';

export type BaseRow = typeof knowledgeBases.$inferSelect;
export type NewBase = typeof knowledgeBases.$inferInsert;
export type DocumentRow = typeof knowledgeDocuments.$inferSelect;
export type NewDocument = typeof knowledgeDocuments.$inferInsert;
/** A document without its pasted body (which can be 100,000 characters): what lists and checks need. */
export type DocumentInfo = Omit<DocumentRow, 'body'>;
export type BaseWithCounts = BaseRow & {
  documentCount: number;
  processingCount: number;
  passageCount: number;
  bytes: number;
};

const d = knowledgeDocuments;
const b = knowledgeBases;
const { body: _body, ...infoColumns } = getTableColumns(knowledgeDocuments);
const n = (expr: ReturnType<typeof sql>) => sql<number>`${expr}`.mapWith(Number);

/** Bases with their counts, aggregated from their documents (so never out of step with them). */
const withCounts = {
  ...getTableColumns(knowledgeBases),
  documentCount: n(sql`count(${d.id})`),
  processingCount: n(sql`count(${d.id}) filter (where ${d.status} in ('pending', 'processing'))`),
  passageCount: n(sql`coalesce(sum(${d.passageCount}), 0)`),
  bytes: n(sql`coalesce(sum(${d.bytes}), 0)`),
};

/** Knowledge bases and their documents: SQL only. Passages and postings live in index.repository.ts. */
export const knowledgeRepository = {
  /** Serialises a user's additions (bases, documents), so two at once cannot both pass a limit. */
  async lockUser(tx: Executor, userId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`knowledge:${userId}`}, 0))`);
  },

  async countBases(db: Executor, userId: number) {
    const [row] = await db.select({ n: count() }).from(b).where(eq(b.userId, userId));
    return Number(row?.n ?? 0);
  },

  async insertBase(db: Executor, base: NewBase) {
    const [row] = await db.insert(b).values(base).returning({ id: b.id });
    return row!.id;
  },

  /** A base of this user, locked for the rest of the transaction when `lock`. */
  async ownBase(db: Executor, userId: number, id: number, lock = false) {
    const q = db
      .select()
      .from(b)
      .where(and(eq(b.id, id), eq(b.userId, userId)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** The user's bases (or the given ones of them) with counts, the most recently changed first. */
  async basesWithCounts(db: Executor, userId: number, ids?: number[]): Promise<BaseWithCounts[]> {
    return db
      .select(withCounts)
      .from(b)
      .leftJoin(d, eq(d.knowledgeBaseId, b.id))
      .where(and(eq(b.userId, userId), ids ? inArray(b.id, ids) : undefined))
      .groupBy(b.id)
      .orderBy(desc(b.updatedAt), desc(b.id));
  },

  /** The bot editor's picker: bases with a ready document first, then the most recently changed. */
  async options(db: Executor, userId: number) {
    return db
      .select({
        id: b.id,
        name: b.name,
        cover: b.cover,
        documentCount: n(sql`count(${d.id})`),
      })
      .from(b)
      .leftJoin(d, eq(d.knowledgeBaseId, b.id))
      .where(eq(b.userId, userId))
      .groupBy(b.id)
      .orderBy(
        desc(sql`count(${d.id}) filter (where ${d.status} = 'ready') > 0`),
        desc(b.updatedAt),
        desc(b.id),
      );
  },

  /** Which of `ids` are bases of this user. */
  async ownBaseIds(db: Executor, userId: number, ids: number[]) {
    if (!ids.length) return [];
    const rows = await db
      .select({ id: b.id })
      .from(b)
      .where(and(eq(b.userId, userId), inArray(b.id, ids)));
    return rows.map((r) => r.id);
  },

  async updateBase(db: Executor, id: number, patch: Partial<NewBase>) {
    await db.update(b).set(patch).where(eq(b.id, id));
  },

  /** Deletes a base; its documents, passages, postings and embeddings go with it (cascades). */
  async deleteBase(db: Executor, id: number) {
    await db.delete(b).where(eq(b.id, id));
  },

  async uploadIdsOfBase(db: Executor, baseId: number) {
    const rows = await db
      .select({ uploadId: d.uploadId })
      .from(d)
      .where(and(eq(d.knowledgeBaseId, baseId), sql`${d.uploadId} is not null`));
    return rows.map((r) => r.uploadId!);
  },

  /** What the limits of adding a document look at: the base's documents, and the bytes of all the user's. */
  async usage(db: Executor, userId: number, baseId: number) {
    const [row] = await db
      .select({
        documents: n(sql`count(*) filter (where ${d.knowledgeBaseId} = ${baseId})`),
        bytes: n(sql`coalesce(sum(${d.bytes}), 0)`),
      })
      .from(b)
      .innerJoin(d, eq(d.knowledgeBaseId, b.id))
      .where(eq(b.userId, userId));
    return { documents: row?.documents ?? 0, bytes: row?.bytes ?? 0 };
  },

  /** Whether an upload already backs a document (an upload is the file of one document). */
  async uploadInUse(db: Executor, uploadId: number) {
    const [row] = await db.select({ id: d.id }).from(d).where(eq(d.uploadId, uploadId)).limit(1);
    return !!row;
  },

  async insertDocument(db: Executor, doc: NewDocument): Promise<DocumentInfo> {
    const [row] = await db.insert(d).values(doc).returning(infoColumns);
    return row!;
  },

  /** A document of a base (the caller has checked the base is the user's). */
  async documentOf(db: Executor, baseId: number, id: number): Promise<DocumentInfo | undefined> {
    const [row] = await db
      .select(infoColumns)
      .from(d)
      .where(and(eq(d.id, id), eq(d.knowledgeBaseId, baseId)));
    return row;
  },

  /** A document with its pasted body: what ingestion reads. */
  async documentById(db: Executor, id: number): Promise<DocumentRow | undefined> {
    const [row] = await db.select().from(d).where(eq(d.id, id));
    return row;
  },

  /** A base's documents, newest first, by id cursor. */
  async documents(db: Executor, baseId: number, beforeId: number | undefined, limit: number) {
    return db
      .select(infoColumns)
      .from(d)
      .where(and(eq(d.knowledgeBaseId, baseId), beforeId ? lt(d.id, beforeId) : undefined))
      .orderBy(desc(d.id))
      .limit(limit);
  },

  async deleteDocument(db: Executor, id: number) {
    await db.delete(d).where(eq(d.id, id));
  },

  /** A fresh revision waiting for its job: whatever an older job of the document does is ignored. */
  async reprocess(db: Executor, id: number, at: Date): Promise<DocumentInfo | undefined> {
    const [row] = await db
      .update(d)
      .set({ revision: sql`${d.revision} + 1`, status: 'pending', error: null, updatedAt: at })
      .where(eq(d.id, id))
      .returning(infoColumns);
    return row;
  },

  /**
   * Moves a waiting revision of a document to `processing`; undefined when the document is gone, has a newer
   * revision, or this revision already ended (ready or failed): then the job has nothing to do.
   */
  async startProcessing(db: Executor, id: number, revision: number, at: Date) {
    const [row] = await db
      .update(d)
      .set({ status: 'processing', error: null, updatedAt: at })
      .where(and(eq(d.id, id), eq(d.revision, revision), inArray(d.status, ['pending', 'processing'])))
      .returning();
    return row;
  },

  /** Ends (or parks) this revision of a document; nothing when a newer revision replaced it. */
  async setOutcome(
    db: Executor,
    id: number,
    revision: number,
    patch: Pick<NewDocument, 'status' | 'error' | 'updatedAt'> &
      Partial<Pick<NewDocument, 'chars' | 'passageCount'>>,
  ) {
    const rows = await db
      .update(d)
      .set(patch)
      .where(and(eq(d.id, id), eq(d.revision, revision), inArray(d.status, ['pending', 'processing'])))
      .returning({ id: d.id });
    return rows.length > 0;
  },
};
