import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  DocumentStatus,
  KnowledgeBase,
  KnowledgeBaseInput,
  KnowledgeDocument,
  Page,
} from '@lingxi/contract';
import { sql } from 'drizzle-orm';
import { startFakeOpenAi } from './fake-openai.js';
import { startTestApp, type TestApp } from './helpers.js';
import { upload } from './uploads.js';

export type KnowledgeApp = Awaited<ReturnType<typeof startKnowledgeApp>>;
export type KnowledgeAppWithEmbeddings = Awaited<ReturnType<typeof startKnowledgeAppWithEmbeddings>>;

/**
 * The real app on a fresh DATA_DIR (uploads on disk) with a job queue of its own: on PostgreSQL, where the
 * run's tests share one database, its jobs live in their own schema, so no other test's worker takes them.
 * Retries start after 1 s. Pass `dataDir` and `jobsSchema` of an earlier app to start on what it left.
 */
export async function startKnowledgeApp(
  opts: { env?: Record<string, string>; dataDir?: string; jobsSchema?: string } = {},
) {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'lingxi-knowledge-'));
  const jobsSchema = opts.jobsSchema ?? `pgboss_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const t = await (
    await startTestApp({
      dataDir,
      env: {
        DATA_DIR: dataDir,
        JOBS_SCHEMA: jobsSchema,
        JOBS_RETRY_DELAY_SECONDS: '1',
        OFFLINE_STREAM_DELAY_MS: '0',
        ...opts.env,
      },
    })
  ).listen();
  return {
    t,
    dataDir,
    jobsSchema,
    /** Closes the app and its database, keeping the data directory (for a restart). */
    close: () => t.close(),
    /** Closes the app and removes its data directory. */
    async destroy() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A knowledge app whose embeddings come from a fake OpenAI-compatible server (model `fake-embedding`). */
export async function startKnowledgeAppWithEmbeddings() {
  const fake = await startFakeOpenAi();
  const app = await startKnowledgeApp({ env: { LLM_BASE_URL: fake.url, EMBEDDING_MODEL: 'fake-embedding' } });
  return {
    ...app,
    fake,
    /** Closes the app, removes its data directory and stops the fake. */
    async destroy() {
      await app.destroy();
      await fake.close();
    },
  };
}

export async function createBase(t: TestApp, token: string, o: Partial<KnowledgeBaseInput> = {}) {
  const res = await t.call<KnowledgeBase>('POST', '/api/v1/knowledge', {
    token,
    body: { name: '员工手册', description: '公司制度', ...o },
  });
  if (res.body.code !== 0) throw new Error(`base refused: ${res.body.msg}`);
  return res.body.data;
}

export function addText(t: TestApp, token: string, baseId: number, title: string, content: string) {
  return t.call<KnowledgeDocument>('POST', `/api/v1/knowledge/${baseId}/document/text`, {
    token,
    body: { title, content },
  });
}

/** Uploads a file for knowledge (purpose knowledge_doc) and adds it to a base. */
export async function addFile(t: TestApp, token: string, baseId: number, file: Buffer, name: string) {
  const up = await upload(t, token, 'knowledge_doc', file, name);
  if (up.code !== 0) throw new Error(`upload refused: ${up.msg}`);
  return t.call<KnowledgeDocument>('POST', `/api/v1/knowledge/${baseId}/document`, {
    token,
    body: { upload_id: up.data.id },
  });
}

export async function documents(t: TestApp, token: string, baseId: number) {
  const res = await t.call<Page<KnowledgeDocument>>('GET', `/api/v1/knowledge/${baseId}/document?limit=50`, {
    token,
  });
  if (res.body.code !== 0) throw new Error(`documents refused: ${res.body.msg}`);
  return res.body.data.list;
}

/**
 * Polls the base's document list (as the web page does) until the document reaches one of `statuses`;
 * fails after `timeoutMs` with the status it had.
 */
export function waitForDocument(
  t: TestApp,
  token: string,
  baseId: number,
  docId: number,
  statuses: DocumentStatus[] = ['ready', 'failed'],
  timeoutMs = 20_000,
) {
  return waitForDocumentWhere(t, token, baseId, docId, (d) => statuses.includes(d.status), timeoutMs);
}

/** Polls the base's document list until the document passes `ok`; fails after `timeoutMs` with its state. */
export async function waitForDocumentWhere(
  t: TestApp,
  token: string,
  baseId: number,
  docId: number,
  ok: (doc: KnowledgeDocument) => boolean,
  timeoutMs = 20_000,
) {
  const until = Date.now() + timeoutMs;
  let last: KnowledgeDocument | undefined;
  for (;;) {
    last = (await documents(t, token, baseId)).find((d) => d.id === docId);
    if (last && ok(last)) return last;
    if (Date.now() > until) {
      throw new Error(`document ${docId} still ${last?.status ?? 'missing'} (${last?.error ?? ''})`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Rows<T> = { rows: T[] };

/** The ids of a document's passages. */
export async function passageIds(t: TestApp, documentId: number) {
  const res = (await t.db.execute(
    sql`select id from knowledge_passages where document_id = ${documentId} order by seq`,
  )) as unknown as Rows<{ id: string | number }>;
  return res.rows.map((r) => Number(r.id));
}

/** How many rows of these passages' index exist: the passages, their postings, their embeddings. */
export async function indexRows(t: TestApp, ids: number[]) {
  if (!ids.length) return { passages: 0, postings: 0, embeddings: 0 };
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const count = async (table: string, column: string) =>
    Number(
      (
        (await t.db.execute(
          sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(column)} in (${list})`,
        )) as unknown as Rows<{ n: string | number }>
      ).rows[0]!.n,
    );
  return {
    passages: await count('knowledge_passages', 'id'),
    postings: await count('knowledge_postings', 'passage_id'),
    embeddings: await count('knowledge_embeddings', 'passage_id'),
  };
}
