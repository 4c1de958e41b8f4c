/**
 * npm run bench:retrieval — knowledge retrieval on CMRC 2018 (dev): its 848 paragraphs go into one knowledge
 * base through the real ingestion path (pasted-text documents over HTTP, the job queue, parsing, splitting,
 * indexing) and its 3,219 questions through the real retrieval path (the hit-test endpoint over HTTP), against
 * the production bundle on a fresh embedded database (or DATABASE_URL). Prints Recall@1, Recall@5, MRR@10,
 * the ingestion time (first upload until every document is ready) and the query latency p50/p99 as the client
 * sees it (after a warm-up of 100 questions). A question is hit at rank r when the r-th distinct document of the
 * returned passages is the paragraph it was asked of. Lexical retrieval alone (no embedding model is configured).
 *
 * Then the same set in traditional Chinese (BENCH_SCRIPTS, default Taiwan and Hong Kong; converted here with
 * OpenCC, never by hand) goes through the same run in a base of its own: the runs are printed side by side, and
 * the bench exits 1 when a traditional run's Recall@1 is more than 0.01 from the simplified one's. Last, in
 * process, what the figures would be without the traditional → simplified normalisation (docs/i18n.md).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { apiClient, fmt, percentile, root, startServerProcess } from './lib.js';
import { offlineRecall } from './retrieval-offline.js';

const DATA = process.env.BENCH_DATA ?? join(root, '../shared/data/cmrc2018_dev.json');
/** Documents sent at once, as the web app uploads several files at a time. */
const UPLOAD_CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4);
/** Passages asked per question (the hit test's maximum): enough for 10 distinct documents. */
const TOP_K = Number(process.env.BENCH_TOP_K ?? 20);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? Infinity);
/** Questions asked once before measuring (their answers are measured again in the run). */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
/** Traditional scripts the set is converted to and run again in (OpenCC locales: tw Taiwan, hk Hong Kong, t standard). */
const SCRIPTS = (process.env.BENCH_SCRIPTS ?? 'tw,hk').split(',').filter(Boolean);
/** A traditional run's Recall@1 may differ from the simplified run's by this much at most (else exit 1). */
const MAX_R1_GAP = 0.01;
/** The in-process figures with and without the normalisation (BENCH_OFFLINE=0 leaves them out). */
const OFFLINE = process.env.BENCH_OFFLINE !== '0';

type Paragraph = { title: string; context: string; questions: string[] };

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

/** The set in a traditional script: paragraphs, titles and questions converted with OpenCC (cn → `script`). */
function toScript(script: string, paragraphs: Paragraph[], questions: Question[]) {
  const convert = OpenCC.Converter({ from: 'cn', to: script });
  return {
    script,
    paragraphs: paragraphs.map((p) => ({
      title: convert(p.title),
      context: convert(p.context),
      questions: p.questions.map(convert),
    })),
    questions: questions.map(({ q, paragraph }) => ({ q: convert(q), paragraph })),
  };
}

function client(url: string) {
  let token = '';
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    apiClient(url, token)<T>(method, path, body);
  return {
    call,
    setToken: (t: string) => (token = t),
  };
}

type Question = { q: string; paragraph: number };
type Api = ReturnType<typeof client>;
/** One run's figures: one knowledge base ingested and every question asked of it. */
type Run = {
  r1: number;
  r5: number;
  mrr: number;
  ingestSeconds: number;
  uploadSeconds: number;
  documents: number;
  passages: number;
  failed: number;
  latencies: number[];
  serverMs: number[];
  modes: Set<string>;
};

/** Ingests the paragraphs into a base of their own and asks every question of it. */
async function evaluate(
  api: Api,
  name: string,
  paragraphs: Paragraph[],
  questions: Question[],
): Promise<Run> {
  const base = await api.call<{ id: number }>('POST', '/api/v1/knowledge', { name });

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
  const run: Run = {
    r1: 0,
    r5: 0,
    mrr: 0,
    ingestSeconds,
    uploadSeconds: (uploaded - started) / 1000,
    documents: info.document_count,
    passages: info.passage_count,
    failed,
    latencies: [],
    serverMs: [],
    modes: new Set(),
  };
  for (const { q, paragraph } of questions) {
    const t = performance.now();
    const res = await ask(q);
    run.latencies.push(performance.now() - t);
    run.serverMs.push(res.took_ms);
    run.modes.add(res.mode);
    const ranked: number[] = [];
    for (const p of res.list) if (!ranked.includes(p.document_id)) ranked.push(p.document_id);
    const rank = ranked.slice(0, 10).findIndex((d) => docOf.get(d) === paragraph) + 1;
    if (rank === 1) run.r1++;
    if (rank >= 1 && rank <= 5) run.r5++;
    if (rank >= 1) run.mrr += 1 / rank;
  }
  const n = questions.length;
  return { ...run, r1: run.r1 / n, r5: run.r5 / n, mrr: run.mrr / n };
}

async function main() {
  const paragraphs = loadData();
  const questions = paragraphs
    .flatMap((p, i) => p.questions.map((q) => ({ q, paragraph: i })))
    .slice(0, QUESTIONS);
  // The traditional sets, made here from the simplified one with OpenCC (docs/i18n.md).
  const traditional = SCRIPTS.map((script) => {
    const t = performance.now();
    const sets = toScript(script, paragraphs, questions);
    return { ...sets, convertMs: performance.now() - t };
  });
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-bench-retrieval-'));
  await raiseLimits(databaseUrl, dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // No embedding model: lexical retrieval alone, as the targets are stated.
    EMBEDDING_MODEL: '',
  });
  let gap = 0;
  try {
    const api = client(server.url);
    const phone = `139${String(Date.now()).slice(-8)}`;
    await api.call('POST', `/api/v1/login/code/${phone}`);
    const login = await api.call<{ token: string }>('POST', '/api/v1/phone/login', {
      phone,
      code: await server.smsCode(phone),
    });
    api.setToken(login.token);

    const simplified = await evaluate(api, 'CMRC 2018', paragraphs, questions);
    const n = questions.length;
    console.log(
      `\nbench:retrieval — CMRC 2018 dev, ${paragraphs.length} paragraphs, ${n} questions, ` +
        `${[...simplified.modes].join('+') || 'lexical'}, ` +
        `${databaseUrl ? 'PostgreSQL' : 'embedded database'}`,
    );
    printRun(simplified);
    const runs: [string, Run][] = [['simplified', simplified]];
    for (const set of traditional) {
      console.log(
        `\ntraditional (${set.script}): the same set converted with OpenCC cn → ${set.script} ` +
          `in ${fmt(set.convertMs, 0)} ms`,
      );
      const run = await evaluate(api, `CMRC 2018 ${set.script}`, set.paragraphs, set.questions);
      printRun(run);
      runs.push([`traditional (${set.script})`, run]);
    }
    gap = printComparison(runs);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (OFFLINE) printOffline(paragraphs, questions, traditional);
  if (gap > MAX_R1_GAP) {
    console.error(`\nFAIL: traditional Recall@1 differs from simplified by ${fmt(gap, 4)} (> ${MAX_R1_GAP})`);
    process.exitCode = 1;
  }
}

function printRun(run: Run) {
  console.log(`Recall@1   ${fmt(run.r1, 4)}   (target ≥ 0.95)`);
  console.log(`Recall@5   ${fmt(run.r5, 4)}`);
  console.log(`MRR@10     ${fmt(run.mrr, 4)}   (target ≥ 0.97)`);
  console.log(
    `ingestion  ${fmt(run.ingestSeconds, 1)} s for ${run.documents} documents ` +
      `(uploads ${fmt(run.uploadSeconds, 1)} s), ${run.passages} passages, ` +
      `${run.failed} failed   (target < 30 s)`,
  );
  console.log(
    `query      p50 ${fmt(percentile(run.latencies, 50))} ms, p99 ${fmt(percentile(run.latencies, 99))} ms ` +
      `over HTTP (server took_ms p50 ${fmt(percentile(run.serverMs, 50))}, ` +
      `p99 ${fmt(percentile(run.serverMs, 99))})   (target p50 ≤ 15 ms)`,
  );
}

/** The runs side by side, each traditional one with its difference from the simplified; the largest |ΔRecall@1|. */
function printComparison(runs: [string, Run][]) {
  const [, base] = runs[0]!;
  const signed = (x: number) => (x >= 0 ? '+' : '−') + fmt(Math.abs(x), 4);
  console.log(`\n${'run'.padEnd(18)} Recall@1          Recall@5          MRR@10            ingestion`);
  let gap = 0;
  for (const [name, r] of runs) {
    const diff = r === base ? '' : null;
    const cell = (v: number, b: number) => `${fmt(v, 4)}${diff ?? ` (${signed(v - b)})`}`.padEnd(18);
    console.log(
      `${name.padEnd(18)} ${cell(r.r1, base.r1)}${cell(r.r5, base.r5)}${cell(r.mrr, base.mrr)}` +
        `${fmt(r.ingestSeconds, 1)} s`,
    );
    gap = Math.max(gap, Math.abs(r.r1 - base.r1));
  }
  console.log(`largest |ΔRecall@1| ${fmt(gap, 4)} (must be ≤ ${MAX_R1_GAP})`);
  return gap;
}

/**
 * What the normalisation fixes, computed in process (retrieval-offline.ts: the server's segmentation under the
 * same BM25, without the server): each traditional set with and without turning traditional into simplified,
 * and the case a region's documents meet another region's questions.
 */
function printOffline(
  paragraphs: Paragraph[],
  questions: Question[],
  traditional: ReturnType<typeof toScript>[],
) {
  const asCases = (ps: Paragraph[], qs: Question[]) => {
    const byParagraph = ps.map((p) => ({ context: p.context, questions: [] as string[] }));
    for (const { q, paragraph } of qs) byParagraph[paragraph]!.questions.push(q);
    return byParagraph;
  };
  const simplified = asCases(paragraphs, questions);
  const line = (name: string, docs: typeof simplified, qs: typeof simplified) => {
    const on = offlineRecall(docs, qs, true);
    const off = offlineRecall(docs, qs, false);
    console.log(
      `${name.padEnd(44)} ${fmt(on.r1, 4)} / ${fmt(on.r5, 4)}      ${fmt(off.r1, 4)} / ${fmt(off.r5, 4)}`,
    );
  };
  console.log(
    `\nin process (same segmentation and BM25, no server)  Recall@1 / @5 normalised   not normalised`,
  );
  line('simplified documents, simplified questions', simplified, simplified);
  for (const set of traditional) {
    const converted = asCases(set.paragraphs, set.questions);
    line(`${set.script} documents, ${set.script} questions`, converted, converted);
    line(`${set.script} documents, simplified questions`, converted, simplified);
    line(`simplified documents, ${set.script} questions`, simplified, converted);
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
