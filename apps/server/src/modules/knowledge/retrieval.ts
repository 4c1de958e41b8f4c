import type { RetrievedPassage } from '@lingxi/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { arrayLiteral, type VectorColumn } from './index.repository.js';
import { queryTerms } from './text/terms.js';

export type SearchInput = {
  knowledgeBaseIds: number[];
  query: string;
  topK: number;
  /** The query's embedding, from the model the bases' passages were embedded with: hybrid retrieval. */
  queryVector?: { model: string; vector: number[] };
};
export type SearchResult = { mode: 'hybrid' | 'lexical'; passages: RetrievedPassage[] };

/** BM25's usual constants: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/** Reciprocal-rank fusion's constant (Cormack et al.): a passage scores Σ 1 / (RRF_K + rank). */
const RRF_K = 60;
/** A long message (a chat reply's question) is searched by its first this many distinct terms. */
const QUERY_TERMS_MAX = 64;
/** Each ranking offers this many candidates (at least) to the fusion. */
const FUSION_CANDIDATES = 50;

type Row = {
  id: string | number;
  document_id: string | number;
  document: string;
  heading: string;
  content: string;
  score: number;
};
type Ranked = Omit<RetrievedPassage, 'score' | 'lexical_score' | 'vector_score'> & { score: number };

const idList = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;

/** The columns every ranking returns: the passage, its document's name, for ready documents only. */
const PASSAGE_COLUMNS = sql.raw('p.id, p.document_id, d.name as document, p.heading, p.content');

/**
 * Retrieval over knowledge bases: BM25 over the postings, computed in SQL (N, the average length and each
 * term's document frequency taken over the given bases); with a query vector, also a ranking by cosine
 * similarity over the passages' embeddings of the same model, the two fused by reciprocal rank. Only passages
 * of ready documents are returned. The caller has checked the user may read the bases.
 */
export class Retriever {
  constructor(
    private readonly db: Executor,
    private readonly opts: { vectorColumn: VectorColumn },
  ) {}

  async search(input: SearchInput): Promise<SearchResult> {
    const bases = [...new Set(input.knowledgeBaseIds)];
    const topK = Math.max(0, Math.floor(input.topK));
    if (!bases.length || !topK) return { mode: 'lexical', passages: [] };
    const terms = queryTerms(input.query).slice(0, QUERY_TERMS_MAX);
    const candidates = input.queryVector ? Math.max(topK * 3, FUSION_CANDIDATES) : topK;
    const [lexical, vector] = await Promise.all([
      terms.length ? this.bm25(bases, terms, candidates) : [],
      input.queryVector ? this.nearest(bases, input.queryVector, candidates) : [],
    ]);
    // Hybrid when there is a vector ranking to fuse (passages embedded with the query's model).
    if (!vector.length) {
      return {
        mode: 'lexical',
        passages: lexical.slice(0, topK).map((r) => ({ ...r, lexical_score: r.score, vector_score: null })),
      };
    }
    return { mode: 'hybrid', passages: fuse(lexical, vector).slice(0, topK) };
  }

  private async bm25(bases: number[], terms: string[], limit: number): Promise<Ranked[]> {
    const k1 = sql.raw(String(K1));
    const b = sql.raw(String(B));
    // The postings of the query's terms are read once: the window count is each term's document frequency.
    return ranked(
      this.db,
      sql`with stats as (
            select count(*)::float8 as n, coalesce(nullif(avg(terms), 0), 1)::float8 as avgdl
            from knowledge_passages where knowledge_base_id = any(${idList(bases)})
          ), hits as (
            select po.passage_id, po.tf::float8 as tf, count(*) over (partition by po.term)::float8 as df
            from knowledge_postings po
            where po.knowledge_base_id = any(${idList(bases)}) and po.term = any(${sql.param(terms)}::text[])
          ), scored as (
            select h.passage_id, p.document_id, sum(
              ln(1 + (s.n - h.df + 0.5) / (h.df + 0.5))
              * h.tf * (${k1} + 1) / (h.tf + ${k1} * (1 - ${b} + ${b} * p.terms::float8 / s.avgdl))
            ) as score
            from hits h join knowledge_passages p on p.id = h.passage_id cross join stats s
            group by h.passage_id, p.document_id
          ), top as (
            select sc.passage_id, sc.score
            from scored sc join knowledge_documents d on d.id = sc.document_id and d.status = 'ready'
            order by sc.score desc, sc.passage_id
            limit ${limit}
          )
          -- The text of the best passages only.
          select ${PASSAGE_COLUMNS}, top.score
          from top
          join knowledge_passages p on p.id = top.passage_id
          join knowledge_documents d on d.id = p.document_id
          order by top.score desc, p.id`,
    );
  }

  /** Passages by cosine similarity to the query vector (1 − cosine distance), most similar first. */
  private async nearest(
    bases: number[],
    query: { model: string; vector: number[] },
    limit: number,
  ): Promise<Ranked[]> {
    const v = arrayLiteral(query.vector);
    const dims = query.vector.length;
    if (this.opts.vectorColumn === 'vector') {
      return ranked(
        this.db,
        sql`select ${PASSAGE_COLUMNS}, 1 - (e.embedding <=> ${v}::real[]::vector) as score
            from knowledge_embeddings e
            join knowledge_passages p on p.id = e.passage_id
            join knowledge_documents d on d.id = p.document_id and d.status = 'ready'
            where e.knowledge_base_id = any(${idList(bases)}) and e.model = ${query.model}
              and vector_dims(e.embedding) = ${dims}
            order by e.embedding <=> ${v}::real[]::vector, p.id
            limit ${limit}`,
      );
    }
    // PostgreSQL without pgvector: the same cosine similarity over real[] in plain SQL.
    return ranked(
      this.db,
      sql`with scored as (
            select e.passage_id, (
              select sum(x * y) / nullif(sqrt(sum(x * x)) * sqrt(sum(y * y)), 0)
              from unnest(e.embedding, ${v}::real[]) as u(x, y)
            ) as score
            from knowledge_embeddings e
            where e.knowledge_base_id = any(${idList(bases)}) and e.model = ${query.model}
              and cardinality(e.embedding) = ${dims}
          )
          select ${PASSAGE_COLUMNS}, sc.score
          from scored sc
          join knowledge_passages p on p.id = sc.passage_id
          join knowledge_documents d on d.id = p.document_id and d.status = 'ready'
          where sc.score is not null
          order by sc.score desc, p.id
          limit ${limit}`,
    );
  }
}

async function ranked(db: Executor, query: SQL): Promise<Ranked[]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  return rows.map((r) => ({
    passage_id: Number(r.id),
    document_id: Number(r.document_id),
    document: r.document,
    heading: r.heading,
    content: r.content,
    score: Number(r.score),
  }));
}

/** Reciprocal-rank fusion of the lexical and the vector ranking, each passage keeping both its scores. */
function fuse(lexical: Ranked[], vector: Ranked[]): RetrievedPassage[] {
  const byId = new Map<number, RetrievedPassage>();
  const add = (list: Ranked[], key: 'lexical_score' | 'vector_score') => {
    list.forEach((r, rank) => {
      const p = byId.get(r.passage_id) ?? { ...r, score: 0, lexical_score: null, vector_score: null };
      p.score += 1 / (RRF_K + rank + 1);
      p[key] = r.score;
      byId.set(r.passage_id, p);
    });
  };
  add(lexical, 'lexical_score');
  add(vector, 'vector_score');
  return [...byId.values()].sort((a, b) => b.score - a.score || a.passage_id - b.passage_id);
}
