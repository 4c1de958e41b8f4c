import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type PackedTerms, unpackTerms } from './text/terms.js';

export type IndexedPassage = { heading: string; content: string; terms: PackedTerms };
export type DocumentIndex = {
  knowledgeBaseId: number;
  documentId: number;
  /**
   * The revision being processed: every statement writes only while the document is still `processing` at
   * this revision (a newer upload, a reprocess or a deletion stops the write). Without it (tests, tools) the
   * statements write unconditionally.
   */
  revision?: number;
  passages: IndexedPassage[];
  /** One vector per passage, in the same order, all from `model`. */
  embeddings?: { model: string; vectors: number[][] };
};
/** How the embedding column is stored: pgvector's `vector`, or `real[]` where PostgreSQL lacks pgvector. */
export type VectorColumn = 'vector' | 'real[]';

/**
 * Rows per statement. The embedded database has one session for every request of the process, so a statement
 * of the index holds up every reply and page while it runs: 500 postings take ~7 ms there (the 20,000 a
 * statement once took held it for ~300 ms, and a 10 MB document's one transaction for 7.5 s). Measured with
 * `BENCH_DOCUMENT_MB=9.5 npm run bench:chat`: replies at 100 streams gained +7.7 ms p50 while it was written.
 */
const POSTINGS_PER_STATEMENT = 500;
const PASSAGES_PER_STATEMENT = 25;
const EMBEDDINGS_PER_STATEMENT = 100;
const PASSAGES_DELETED_PER_STATEMENT = 100;
const TF_MAX = 32_767;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Rows go to the database as one JSON parameter, unpacked there with jsonb_to_recordset: one bind, any size. */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
/** A column of values as one array parameter (unnest takes several side by side). */
const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Consecutive passages whose postings together stay within one statement's share (a passage is never split). */
function* batches(passages: IndexedPassage[]): Generator<{ start: number; part: IndexedPassage[] }> {
  let start = 0;
  let postings = 0;
  for (let i = 0; i < passages.length; i++) {
    const size = passages[i]!.terms.counts.length;
    if (i > start && (i - start >= PASSAGES_PER_STATEMENT || postings + size > POSTINGS_PER_STATEMENT)) {
      yield { start, part: passages.slice(start, i) };
      start = i;
      postings = 0;
    }
    postings += size;
  }
  if (passages.length > start) yield { start, part: passages.slice(start) };
}

/**
 * Replaces a document's index: its old passages go (their postings and embeddings with them, by cascade), then
 * the new passages, their postings and their embeddings are written, each in short statements of their own,
 * never one long transaction. Readers only see passages of `ready` documents, and the document is made ready
 * after this (see Ingestion), so they see the old index or the new one, never a mix. Returns false, having
 * stopped, once the document is no longer at `revision` (its passages are then the next revision's to replace).
 */
export async function writeDocumentIndex(db: Executor, doc: DocumentIndex): Promise<boolean> {
  const { knowledgeBaseId: base, documentId, passages, embeddings } = doc;
  if (embeddings && embeddings.vectors.length !== passages.length) {
    throw new Error(`${embeddings.vectors.length} embeddings for ${passages.length} passages`);
  }
  // Locks the document's row for the statement, so a revision cannot change in the middle of one.
  const current =
    doc.revision === undefined
      ? sql`select 1`
      : sql`select 1 from knowledge_documents
            where id = ${documentId} and revision = ${doc.revision} and status = 'processing' for update`;

  if (!(await deletePassages(db, sql`document_id = ${documentId}`, current))) return false;

  const ids: number[] = new Array(passages.length);
  for (const { start, part } of batches(passages)) {
    const rows = part.map((p, i) => ({
      seq: start + i,
      heading: p.heading,
      content: p.content,
      terms: p.terms.counts.reduce((sum, n) => sum + n, 0),
    }));
    // Postings in term order go into the (base, term, passage) index in order: fewer pages touched.
    const postings: [string, number, number][] = [];
    part.forEach((p, i) => {
      for (const [term, tf] of unpackTerms(p.terms)) postings.push([term, start + i, Math.min(tf, TF_MAX)]);
    });
    postings.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    const terms = array(
      postings.map((r) => r[0]),
      'text[]',
    );
    const seqs = array(
      postings.map((r) => r[1]),
      'int[]',
    );
    const tfs = array(
      postings.map((r) => r[2]),
      'smallint[]',
    );
    const inserted = await rowsOf<{ id: string | number; seq: number }>(
      db,
      sql`with cur as (${current}), passage as (
            insert into knowledge_passages (knowledge_base_id, document_id, seq, heading, content, terms)
            select ${base}, ${documentId}, x.seq, x.heading, x.content, x.terms
            from jsonb_to_recordset(${json(rows)}) as x(seq int, heading text, content text, terms int)
            where exists (select 1 from cur)
            returning id, seq
          ), posting as (
            insert into knowledge_postings (knowledge_base_id, term, passage_id, tf)
            select ${base}, u.term, passage.id, u.tf
            from unnest(${terms}, ${seqs}, ${tfs}) as u(term, seq, tf) join passage on passage.seq = u.seq
          )
          select id, seq from passage`,
    );
    if (!inserted.length) return false;
    for (const r of inserted) ids[r.seq] = Number(r.id);
  }

  if (!embeddings) return true;
  const vectors = embeddings.vectors.map((v, i) => ({ id: ids[i]!, v: arrayLiteral(v) }));
  for (const part of chunks(vectors, EMBEDDINGS_PER_STATEMENT)) {
    // A real[] value fits either column: pgvector casts real[] to vector on assignment.
    const inserted = await rowsOf<{ n: number }>(
      db,
      sql`with cur as (${current}), embedding as (
            insert into knowledge_embeddings (passage_id, knowledge_base_id, model, embedding)
            select x.id, ${base}, ${embeddings.model}, x.v::real[]
            from jsonb_to_recordset(${json(part)}) as x(id bigint, v text)
            where exists (select 1 from cur)
            returning 1
          )
          select count(*)::int as n from embedding`,
    );
    if (!inserted[0]?.n) return false;
  }
  return true;
}

/**
 * Deletes a document's or a whole base's passages (their postings and embeddings by cascade) in short
 * statements, before the row itself goes: a cascade of a large document in one statement held the embedded
 * database for ~0.4 s per 10 MB. Searches meanwhile may miss some of its passages; it is being deleted.
 */
export async function deleteIndex(db: Executor, of: { documentId: number } | { knowledgeBaseId: number }) {
  await deletePassages(
    db,
    'documentId' in of ? sql`document_id = ${of.documentId}` : sql`knowledge_base_id = ${of.knowledgeBaseId}`,
  );
}

/** Deletes the passages `where` matches, a batch per statement, while `current` finds a row; false if not. */
async function deletePassages(db: Executor, where: SQL, current: SQL = sql`select 1`): Promise<boolean> {
  for (;;) {
    const [r] = await rowsOf<{ current: boolean; deleted: number }>(
      db,
      sql`with cur as (${current}), gone as (
            delete from knowledge_passages where id in (
              select id from knowledge_passages where ${where} and exists (select 1 from cur)
              limit ${PASSAGES_DELETED_PER_STATEMENT})
            returning 1)
          select exists (select 1 from cur) as current, (select count(*) from gone)::int as deleted`,
    );
    if (!r?.current) return false;
    if (r.deleted < PASSAGES_DELETED_PER_STATEMENT) return true;
  }
}

/** Which type the embedding column has in this database (decided by the migration; read once at start). */
export async function detectVectorColumn(db: Executor): Promise<VectorColumn> {
  const [row] = await rowsOf<{ type: string }>(
    db,
    sql`select format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = 'knowledge_embeddings'::regclass and attname = 'embedding'`,
  );
  return row?.type.startsWith('vector') ? 'vector' : 'real[]';
}

/** `{0.1,0.2,…}`: a vector as a PostgreSQL array literal. */
export function arrayLiteral(v: number[]): string {
  if (!v.length || !v.every(Number.isFinite)) throw new Error('an embedding must be finite numbers');
  return `{${v.join(',')}}`;
}
