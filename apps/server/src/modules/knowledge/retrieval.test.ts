import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/account.js';
import { knowledgeBases, knowledgeDocuments } from '../../db/schema/knowledge.js';
import { openTestDatabase } from '../../../test/helpers.js';
import {
  deleteIndex,
  detectVectorColumn,
  writeDocumentIndex,
  type VectorColumn,
} from './index.repository.js';
import { Retriever } from './retrieval.js';
import { packTerms, passageTerms } from './text/terms.js';

let database: Database;
let column: VectorColumn;
let retriever: Retriever;
let userId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  column = await detectVectorColumn(database.db);
  retriever = new Retriever(database.db, { vectorColumn: column });
  const [u] = await database.db
    .insert(users)
    .values({ nickname: '检索测试', avatar: '', inviteCode: randomUUID() })
    .returning({ id: users.id });
  userId = u!.id;
});
afterAll(() => database?.close());

async function newBase() {
  const [b] = await database.db
    .insert(knowledgeBases)
    .values({ userId, name: '测试知识库' })
    .returning({ id: knowledgeBases.id });
  return b!.id;
}

type Doc = { name: string; passages: string[]; vectors?: number[][]; status?: 'ready' | 'processing' };

/** A document with its index written as ingestion writes it (status ready unless told). */
async function addDocument(base: number, doc: Doc) {
  const [d] = await database.db
    .insert(knowledgeDocuments)
    .values({
      knowledgeBaseId: base,
      userId,
      name: doc.name,
      source: 'text',
      body: doc.passages.join('\n'),
      mime: 'text/plain',
      bytes: 1,
      status: doc.status ?? 'ready',
    })
    .returning({ id: knowledgeDocuments.id });
  await index(base, d!.id, doc);
  return d!.id;
}

async function index(base: number, documentId: number, doc: Pick<Doc, 'passages' | 'vectors'>) {
  await writeDocumentIndex(database.db, {
    knowledgeBaseId: base,
    documentId,
    passages: doc.passages.map((content) => ({
      heading: '',
      content,
      terms: packTerms(passageTerms({ heading: '', content })),
    })),
    embeddings: doc.vectors && { model: 'test-embed', vectors: doc.vectors },
  });
}

async function count(
  table: 'knowledge_passages' | 'knowledge_postings' | 'knowledge_embeddings',
  base: number,
) {
  const { rows } = (await database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where knowledge_base_id = ${base}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

const search = (bases: number[], query: string, extra: { topK?: number; vector?: number[] } = {}) =>
  retriever.search({
    knowledgeBaseIds: bases,
    query,
    topK: extra.topK ?? 5,
    queryVector: extra.vector && { model: 'test-embed', vector: extra.vector },
  });

describe('writeDocumentIndex', () => {
  it('writes passages, postings and embeddings, and re-writing replaces them', async () => {
    const base = await newBase();
    const doc = await addDocument(base, {
      name: '手册',
      passages: ['年假为十五天。', '报销在三十天内完成。'],
      vectors: [
        [1, 0, 0],
        [0, 1, 0],
      ],
    });
    expect(await count('knowledge_passages', base)).toBe(2);
    expect(await count('knowledge_embeddings', base)).toBe(2);
    const postings = await count('knowledge_postings', base);
    expect(postings).toBeGreaterThan(4);

    await index(base, doc, { passages: ['病假需要医院证明。'] });
    expect(await count('knowledge_passages', base)).toBe(1);
    expect(await count('knowledge_embeddings', base)).toBe(0);
    expect((await search([base], '年假')).passages).toEqual([]);
    expect((await search([base], '病假')).passages.map((p) => p.content)).toEqual(['病假需要医院证明。']);
  });

  it('writes a large document in several statements, and replaces all of it', async () => {
    const base = await newBase();
    const passages = Array.from({ length: 1200 }, (_, i) => `第${i}段：编号${i}的内容。`);
    const doc = await addDocument(base, { name: '大文档', passages });
    expect(await count('knowledge_passages', base)).toBe(1200);
    const { rows } = (await database.db.execute(
      sql`select min(seq)::int as lo, max(seq)::int as hi, count(distinct seq)::int as n
          from knowledge_passages where document_id = ${doc}`,
    )) as unknown as { rows: { lo: number; hi: number; n: number }[] };
    expect(rows[0]).toEqual({ lo: 0, hi: 1199, n: 1200 });
    expect((await search([base], '编号1117')).passages[0]!.content).toBe('第1117段：编号1117的内容。');
    await index(base, doc, { passages: ['只剩一段。'] });
    expect(await count('knowledge_passages', base)).toBe(1);
    expect(await count('knowledge_postings', base)).toBe(
      passageTerms({ heading: '', content: '只剩一段。' }).size,
    );
  });

  it('writes only while the document is processing at its revision, and stops when that changes', async () => {
    const base = await newBase();
    const doc = await addDocument(base, { name: '处理中', passages: [], status: 'processing' });
    const [row] = await database.db
      .select({ revision: knowledgeDocuments.revision })
      .from(knowledgeDocuments)
      .where(eq(knowledgeDocuments.id, doc));
    const write = (revision: number) =>
      writeDocumentIndex(database.db, {
        knowledgeBaseId: base,
        documentId: doc,
        revision,
        passages: ['第一段。', '第二段。'].map((content) => ({
          heading: '',
          content,
          terms: packTerms(passageTerms({ heading: '', content })),
        })),
      });
    expect(await write(row!.revision + 1)).toBe(false);
    expect(await count('knowledge_passages', base)).toBe(0);
    expect(await write(row!.revision)).toBe(true);
    expect(await count('knowledge_passages', base)).toBe(2);
    await database.db
      .update(knowledgeDocuments)
      .set({ status: 'ready' })
      .where(eq(knowledgeDocuments.id, doc));
    expect(await write(row!.revision)).toBe(false);
    expect(await count('knowledge_passages', base)).toBe(2);
  });

  it('writes a large document in parts, letting other statements through between them', async () => {
    const base = await newBase();
    const passages = Array.from({ length: 1500 }, (_, i) => `第${i}段：编号${i}的内容，用于测试写入。`);
    const writing = addDocument(base, { name: '大文档', passages });
    // A statement from elsewhere (here, counting) is answered while the write is under way, not after it.
    let seen = 0;
    while (seen === 0) seen = await count('knowledge_passages', base);
    expect(seen).toBeLessThan(1500);
    await writing;
    expect(await count('knowledge_passages', base)).toBe(1500);
  });

  it('keeps terms with quotes, braces and backslashes intact', async () => {
    const base = await newBase();
    const [d] = await database.db
      .insert(knowledgeDocuments)
      .values({ knowledgeBaseId: base, userId, name: 'x', source: 'text', mime: 'text/plain', bytes: 1 })
      .returning({ id: knowledgeDocuments.id });
    const odd = ['a"b', '{c,d}', 'e\\f', "g'h", 'NULL'];
    await writeDocumentIndex(database.db, {
      knowledgeBaseId: base,
      documentId: d!.id,
      passages: [{ heading: '', content: 'odd', terms: packTerms(new Map(odd.map((t) => [t, 1]))) }],
    });
    const { rows } = (await database.db.execute(
      sql`select term from knowledge_postings where knowledge_base_id = ${base} order by term`,
    )) as unknown as { rows: { term: string }[] };
    expect(rows.map((r) => r.term).sort()).toEqual([...odd].sort());
  });

  it('goes with its document: deleting the document removes its passages, postings and vectors', async () => {
    const base = await newBase();
    const doc = await addDocument(base, {
      name: '手册',
      passages: ['年假为十五天。'],
      vectors: [[1, 0, 0]],
    });
    await database.db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, doc));
    expect(await count('knowledge_passages', base)).toBe(0);
    expect(await count('knowledge_postings', base)).toBe(0);
    expect(await count('knowledge_embeddings', base)).toBe(0);
  });

  it('deletes a document’s or a base’s index in parts, leaving the others', async () => {
    const base = await newBase();
    const other = await newBase();
    const many = Array.from({ length: 250 }, (_, i) => `第${i}段：编号${i}。`);
    const big = await addDocument(base, { name: '大', passages: many, vectors: many.map(() => [1, 0, 0]) });
    await addDocument(base, { name: '小', passages: ['年假为十五天。'] });
    await addDocument(other, { name: '别的', passages: ['报销在三十天内完成。'] });
    await deleteIndex(database.db, { documentId: big });
    expect(await count('knowledge_passages', base)).toBe(1);
    expect(await count('knowledge_embeddings', base)).toBe(0);
    await addDocument(base, { name: '又一个', passages: many });
    await deleteIndex(database.db, { knowledgeBaseId: base });
    expect(await count('knowledge_passages', base)).toBe(0);
    expect(await count('knowledge_postings', base)).toBe(0);
    expect(await count('knowledge_passages', other)).toBe(1);
  });
});

describe('Retriever', () => {
  it('ranks by BM25: the passage about the question first, rarer words weigh more', async () => {
    const base = await newBase();
    await addDocument(base, { name: '假期', passages: ['员工每年享有十五天带薪年假，年假需提前一周申请。'] });
    await addDocument(base, { name: '报销', passages: ['差旅费用报销需要在出差结束后三十天内提交申请。'] });
    await addDocument(base, { name: '考勤', passages: ['员工每天上班需要打卡，迟到三次扣除全勤奖。'] });
    const res = await search([base], '年假有几天？怎么申请');
    expect(res.mode).toBe('lexical');
    expect(res.passages[0]).toMatchObject({ document: '假期', heading: '', vector_score: null });
    expect(res.passages[0]!.score).toBe(res.passages[0]!.lexical_score);
    expect(res.passages.map((p) => p.document)).toContain('报销'); // 申请 alone also matches it
    expect(res.passages.map((p) => p.document)).not.toContain('考勤');
    const scores = res.passages.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect((await search([base], '报销')).passages.map((p) => p.document)).toEqual(['报销']);
    expect((await search([base], '的？')).passages).toEqual([]);
  });

  it('finds simplified passages with a traditional query and traditional ones with a simplified query', async () => {
    const base = await newBase();
    await addDocument(base, { name: '简体', passages: ['北京大学的资讯科学系开设人工智能课程。'] });
    await addDocument(base, { name: '繁體', passages: ['臺灣的軟體開發人員數量逐年增長。'] });
    expect((await search([base], '北京大學資訊科學')).passages[0]!.document).toBe('简体');
    expect((await search([base], '台湾软体开发')).passages[0]!.document).toBe('繁體');
  });

  it('returns only passages of ready documents, over the bases asked for', async () => {
    const base = await newBase();
    const other = await newBase();
    const doc = await addDocument(base, {
      name: '处理中',
      passages: ['年假为十五天。'],
      status: 'processing',
    });
    await addDocument(other, { name: '另一个库', passages: ['年假为十五天。'] });
    expect((await search([base], '年假')).passages).toEqual([]);
    await database.db
      .update(knowledgeDocuments)
      .set({ status: 'ready' })
      .where(eq(knowledgeDocuments.id, doc));
    expect((await search([base], '年假')).passages.map((p) => p.document)).toEqual(['处理中']);
    const both = await search([base, other], '年假');
    expect(both.passages.map((p) => p.document).sort()).toEqual(['处理中', '另一个库'].sort());
  });

  it(`fuses the lexical and the vector ranking (hybrid) on this database's vector column`, async () => {
    const base = await newBase();
    await addDocument(base, { name: '词', passages: ['年假为十五天。'], vectors: [[1, 0, 0]] });
    await addDocument(base, { name: '义', passages: ['每年可以休息两周。'], vectors: [[0, 1, 0]] });
    await addDocument(base, { name: '远', passages: ['食堂中午十二点开饭。'], vectors: [[0, 0, 1]] });
    const res = await search([base], '年假', { vector: [0.1, 0.9, 0] });
    expect(res.mode).toBe('hybrid');
    const byName = Object.fromEntries(res.passages.map((p) => [p.document, p]));
    expect(
      res.passages
        .slice(0, 2)
        .map((p) => p.document)
        .sort(),
    ).toEqual(['义', '词']);
    expect(byName['词']!.lexical_score).toBeGreaterThan(0);
    expect(byName['义']!.lexical_score).toBeNull();
    expect(byName['义']!.vector_score).toBeCloseTo(0.9 / Math.sqrt(0.82), 4);
    expect(byName['远']!.vector_score).toBeCloseTo(0, 4);
    // In both rankings beats in one: 词 is first lexically and second by vector.
    expect(res.passages[0]!.document).toBe('词');
    expect(res.passages[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 6);

    // Vectors of another model (or size) are not compared: lexical alone.
    const other = await retriever.search({
      knowledgeBaseIds: [base],
      query: '年假',
      topK: 5,
      queryVector: { model: 'other-model', vector: [0, 1, 0] },
    });
    expect(other.mode).toBe('lexical');
    expect((await search([base], '年假', { vector: [0, 1] })).mode).toBe('lexical');
  });

  it('detects the embedding column type: vector where pgvector is installed, else real[]', async () => {
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from pg_extension where extname = 'vector'`,
    )) as unknown as { rows: { n: number }[] };
    expect(column).toBe(rows[0]!.n ? 'vector' : 'real[]');
    if (database.kind === 'pglite') expect(column).toBe('vector');
  });
});
