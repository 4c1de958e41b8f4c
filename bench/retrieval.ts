/**
 * npm run bench:retrieval — knowledge retrieval on CMRC 2018 (dev): its 848 paragraphs go into one knowledge
 * base through the real ingestion path (pasted-text documents over HTTP, the job queue, parsing, splitting,
 * indexing) and its 3,219 questions through the real retrieval path (the hit-test endpoint over HTTP), against
 * the production bundle on a fresh embedded database (or DATABASE_URL). Prints Recall@1, Recall@5, MRR@10,
 * the ingestion time (first upload until every document is ready) and the query latency p50/p99 as the client
 * sees it (after a warm-up of 100 questions). A question is hit at rank r when the r-th distinct document of the returned passages is the
 * paragraph it was asked of. Lexical retrieval alone (no embedding model is configured).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, percentile, root, startServerProcess } from './lib.js';

const DATA = process.env.BENCH_DATA ?? join(root, '../shared/data/cmrc2018_dev.json');
/** Documents sent at once, as the web app uploads several files at a time. */
const UPLOAD_CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4);
/** Passages asked per question (the hit test's maximum): enough for 10 distinct documents. */
const TOP_K = Number(process.env.BENCH_TOP_K ?? 20);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? Infinity);
/** Questions asked once before measuring (their answers are measured again in the run). */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);

type Paragraph = { title: string; context: string; questions: string[] };
type Envelope<T> = { code: number; msg: string; data: T };

function loadData(): Paragraph[] {
  const raw = JSON.parse(readFileSync(DATA, 'utf8')) as {
    data: { title: string; paragraphs: { context: string; qas: { question: string }[] }[] }[];
  };
  return raw.data.flatMap((a) =>
    a.paragraphs.map((p) => ({
      title: a.title,
      context: p.context,
      questions: p.qas.map((q) => q.question),
    })),
  );
}

/**
 * The operator's limits raised for the run (settings rows, as an operator would set them), written before the
 * server starts: a base of 848 documents is past the default per-base limit.
 */
async function raiseLimits(databaseUrl: string | undefined, dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { settings } = await import('../apps/server/src/db/schema.js');
  const database = await openDatabase({ databaseUrl, dataDir });
  const limits: Record<string, number> = {
    knowledge_documents_per_base: 100_000,
    knowledge_documents_per_base_vip: 100_000,
    knowledge_total_bytes: 2 ** 31 - 1,
    knowledge_total_bytes_vip: 2 ** 31 - 1,
  };
  for (const [key, value] of Object.entries(limits)) {
    await database.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  }
  await database.close();
}

function client(url: string) {
  let token = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
    return env.data;
  };
  return {
    call,
    setToken: (t: string) => (token = t),
  };
}

async function main() {
  const paragraphs = loadData();
  const questions = paragraphs
    .flatMap((p, i) => p.questions.map((q) => ({ q, paragraph: i })))
    .slice(0, QUESTIONS);
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-bench-retrieval-'));
  await raiseLimits(databaseUrl, dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // No embedding model: lexical retrieval alone, as the targets are stated.
    EMBEDDING_MODEL: '',
  });
  try {
    const api = client(server.url);
    const phone = `139${String(Date.now()).slice(-8)}`;
    await api.call('POST', `/api/v1/login/code/${phone}`);
    const login = await api.call<{ token: string }>('POST', '/api/v1/phone/login', {
      phone,
      code: await server.smsCode(phone),
    });
    api.setToken(login.token);
    const base = await api.call<{ id: number }>('POST', '/api/v1/knowledge', { name: 'CMRC 2018' });

    // Ingestion: every paragraph as a pasted-text document, until the base has none left to process.
    const started = performance.now();
    const docOf = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
        while (next < paragraphs.length) {
          const i = next++;
          const p = paragraphs[i]!;
          const doc = await api.call<{ id: number }>('POST', `/api/v1/knowledge/${base.id}/document/text`, {
            title: (p.title.trim() || `段落${i + 1}`).slice(0, 60),
            content: p.context,
          });
          docOf.set(doc.id, i);
        }
      }),
    );
    const uploaded = performance.now();
    // Polled as the web app polls a base with documents in progress (the poll itself costs the server little).
    let info: { document_count: number; processing_count: number; passage_count: number };
    for (;;) {
      info = await api.call('GET', `/api/v1/knowledge/${base.id}`);
      if (info.processing_count === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const ingestSeconds = (performance.now() - started) / 1000;
    const failed = await failedDocuments(api, base.id);

    // Retrieval: one question at a time, as the client sees it, after a warm-up (JIT, caches) left out.
    const ask = (q: string) =>
      api.call<{ list: { document_id: number }[]; mode: string; took_ms: number }>(
        'POST',
        `/api/v1/knowledge/${base.id}/hit-test`,
        { query: q.slice(0, 200), top_k: TOP_K },
      );
    for (const { q } of questions.slice(0, WARM_UP)) await ask(q);
    const latencies: number[] = [];
    const serverMs: number[] = [];
    const modes = new Set<string>();
    let r1 = 0;
    let r5 = 0;
    let mrr = 0;
    for (const { q, paragraph } of questions) {
      const t = performance.now();
      const res = await ask(q);
      latencies.push(performance.now() - t);
      serverMs.push(res.took_ms);
      modes.add(res.mode);
      const ranked: number[] = [];
      for (const p of res.list) if (!ranked.includes(p.document_id)) ranked.push(p.document_id);
      const rank = ranked.slice(0, 10).findIndex((d) => docOf.get(d) === paragraph) + 1;
      if (rank === 1) r1++;
      if (rank >= 1 && rank <= 5) r5++;
      if (rank >= 1) mrr += 1 / rank;
    }
    const n = questions.length;
    console.log(
      `\nbench:retrieval — CMRC 2018 dev, ${paragraphs.length} paragraphs, ${n} questions, ` +
        `${[...modes].join('+') || 'lexical'}, ` +
        `${databaseUrl ? 'PostgreSQL' : 'embedded database'}`,
    );
    console.log(`Recall@1   ${fmt(r1 / n, 4)}   (target ≥ 0.95)`);
    console.log(`Recall@5   ${fmt(r5 / n, 4)}`);
    console.log(`MRR@10     ${fmt(mrr / n, 4)}   (target ≥ 0.97)`);
    console.log(
      `ingestion  ${fmt(ingestSeconds, 1)} s for ${info.document_count} documents ` +
        `(uploads ${fmt((uploaded - started) / 1000, 1)} s), ${info.passage_count} passages, ` +
        `${failed} failed   (target < 30 s)`,
    );
    console.log(
      `query      p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms ` +
        `over HTTP (server took_ms p50 ${fmt(percentile(serverMs, 50))}, p99 ${fmt(percentile(serverMs, 99))})` +
        `   (target p50 ≤ 15 ms)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Documents that ended `failed` (none should), paging through the base's list. */
async function failedDocuments(api: ReturnType<typeof client>, baseId: number) {
  let failed = 0;
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `?limit=50&cursor=${encodeURIComponent(cursor)}` : '?limit=50';
    const page: { list: { status: string; error: string | null }[]; next_cursor: string | null } =
      await api.call('GET', `/api/v1/knowledge/${baseId}/document${q}`);
    for (const d of page.list) {
      if (d.status === 'failed') {
        failed++;
        if (failed <= 3) console.error('failed:', d.error);
      }
    }
    cursor = page.next_cursor;
  } while (cursor);
  return failed;
}

await main();
