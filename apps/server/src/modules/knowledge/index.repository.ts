import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type PackedTerms, unpackTerms } from './text/terms.js';

export type IndexedPassage = { heading: string; content: string; terms: PackedTerms };
export type DocumentIndex = {
  knowledgeBaseId: number;
  documentId: number;
  passages: IndexedPassage[];
  /** One vector per passage, in the same order, all from `model`. */
  embeddings?: { model: string; vectors: number[][] };
};
/** How the embedding column is stored: pgvector's `vector`, or `real[]` where PostgreSQL lacks pgvector. */
export type VectorColumn = 'vector' | 'real[]';

/**
 * Rows per statement: well inside PostgreSQL's limits, and small enough that one statement never holds PGlite's
 * single connection for long.
 */
const POSTINGS_PER_STATEMENT = 20_000;
const PASSAGES_PER_STATEMENT = 500;
const EMBEDDINGS_PER_STATEMENT = 200;
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
 * Replaces a document's index, inside the caller's transaction: its old passages go (their postings and
 * embeddings with them, by cascade), then the new passages, their postings and their embeddings are written.
 * Readers see the old index or the new one, never a mix. A document of ordinary size takes one statement
 * (on PGlite each statement has a fixed cost that adds up over many documents); a large one, a few.
 */
export async function writeDocumentIndex(tx: Executor, doc: DocumentIndex): Promise<void> {
  const { knowledgeBaseId: base, documentId, passages, embeddings } = doc;
  if (embeddings && embeddings.vectors.length !== passages.length) {
    throw new Error(`${embeddings.vectors.length} embeddings for ${passages.length} passages`);
  }
  if (!passages.length) {
    await tx.execute(sql`delete from knowledge_passages where document_id = ${documentId}`);
    return;
  }
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
    const removeOld =
      start === 0 ? sql`old as (delete from knowledge_passages where document_id = ${documentId}),` : sql``;
    const inserted = await rowsOf<{ id: string | number; seq: number }>(
      tx,
      sql`with ${removeOld} passage as (
            insert into knowledge_passages (knowledge_base_id, document_id, seq, heading, content, terms)
            select ${base}, ${documentId}, x.seq, x.heading, x.content, x.terms
            from jsonb_to_recordset(${json(rows)}) as x(seq int, heading text, content text, terms int)
            returning id, seq
          ), posting as (
            insert into knowledge_postings (knowledge_base_id, term, passage_id, tf)
            select ${base}, u.term, passage.id, u.tf
            from unnest(${terms}, ${seqs}, ${tfs}) as u(term, seq, tf) join passage on passage.seq = u.seq
          )
          select id, seq from passage`,
    );
    for (const r of inserted) ids[r.seq] = Number(r.id);
  }

  if (!embeddings) return;
  const vectors = embeddings.vectors.map((v, i) => ({ id: ids[i]!, v: arrayLiteral(v) }));
  for (const part of chunks(vectors, EMBEDDINGS_PER_STATEMENT)) {
    // A real[] value fits either column: pgvector casts real[] to vector on assignment.
    await tx.execute(
      sql`insert into knowledge_embeddings (passage_id, knowledge_base_id, model, embedding)
          select x.id, ${base}, ${embeddings.model}, x.v::real[]
          from jsonb_to_recordset(${json(part)}) as x(id bigint, v text)`,
    );
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
