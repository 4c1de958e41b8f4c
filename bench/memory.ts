/**
 * npm run bench:memory — the memory of the production bundle as `npm start` runs it (the embedded database in
 * its thread, the offline model, disk storage), on a fresh data directory: once idle after starting, then idle
 * again after a small workload (logins, a chat reply, a knowledge document read and indexed, a few
 * retrievals). Prints the resident set and what the server's memory report (MEMORY_REPORT=1, a log line a second:
 * docs/performance.md, Memory) tells apart: the app thread's V8 heap and buffers, the database thread's heap and
 * WebAssembly memory, the threads running. Exits 1 when an idle resident set is over BENCH_MAX_RSS_MB (350).
 *
 * `--postgres`: on DATABASE_URL instead (and REDIS_URL when set), the same figures without the embedded
 * database.
 */
import { readFileSync } from 'node:fs';
import type { MemoryReport } from '../apps/server/src/platform/memory-report.js';
import { chineseText, ingest } from './document.js';
import { apiClient, cpuMsOf, fmt, type ServerProcess, startServerProcess } from './lib.js';

const MAX_RSS_MB = Number(process.env.BENCH_MAX_RSS_MB ?? 350);
const POSTGRES = process.argv.includes('--postgres');
/** Idle: the server used under this share of one core for IDLE_SECONDS in a row. */
const IDLE_CPU = 0.02;
const IDLE_SECONDS = 3;
/** After the workload, at least this long: an idle reading thread exits after 30 s (document-reader.ts). */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 35);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the server is idle (or 60 s went by); resolves with the seconds it waited. */
async function idle(server: ServerProcess, atLeastSeconds = 0) {
  const started = performance.now();
  const since = () => (performance.now() - started) / 1000;
  let quiet = 0;
  let cpu = cpuMsOf(server.child.pid!);
  while ((quiet < IDLE_SECONDS || since() < atLeastSeconds) && since() < atLeastSeconds + 60) {
    await sleep(1000);
    const now = cpuMsOf(server.child.pid!);
    quiet = now - cpu < IDLE_CPU * 1000 ? quiet + 1 : 0;
    cpu = now;
  }
  return since();
}

/** The next memory report the server logs (it logs one a second). */
async function report(server: ServerProcess): Promise<MemoryReport> {
  const count = () => readFileSync(server.logFile, 'utf8').split('"msg":"memory report"').length;
  const before = count();
  for (let i = 0; i < 100 && count() === before; i++) await sleep(50);
  const lines = readFileSync(server.logFile, 'utf8').split('\n');
  const line = lines.findLast((l) => l.includes('"msg":"memory report"'));
  if (!line || count() === before) throw new Error('no memory report in the log (MEMORY_REPORT?)');
  return (JSON.parse(line) as { memory: MemoryReport }).memory;
}

const api = (server: ServerProcess, token = '') => apiClient(server.url, token);

async function login(server: ServerProcess, i: number) {
  const phone = `137${String(10_000_000 + i).slice(-8)}`;
  await api(server)('POST', `/api/v1/login/code/${phone}`);
  const { token } = await api(server)<{ token: string }>('POST', '/api/v1/phone/login', {
    phone,
    code: await server.smsCode(phone),
  });
  return token;
}

/** Five logins, a chat reply read to its end, a 1 MB document read and indexed, ten retrievals. */
async function workload(server: ServerProcess) {
  const tokens: string[] = [];
  for (let i = 0; i < 5; i++) tokens.push(await login(server, i));
  const call = api(server, tokens[0]);
  const bots = await call<{ list: { id: number }[] }>('GET', '/api/v1/bot?limit=1');
  const conv = await call<{ id: number }>('POST', '/api/v1/conversation', { bot_id: bots.list[0]!.id });
  const res = await fetch(`${server.url}/api/v1/conversation/${conv.id}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: tokens[0]! },
    body: JSON.stringify({ content: '你好，请介绍一下你自己。' }),
  });
  const stream = await res.text();
  if (!stream.includes('event: done')) throw new Error(`the reply did not finish: ${stream.slice(0, 200)}`);
  await ingest(server, tokens[1]!, chineseText(1));
  const bases = await api(server, tokens[1])<{ list: { id: number }[] }>('GET', '/api/v1/knowledge');
  for (const q of [
    '年假的规定',
    '报销手续',
    '考勤审核',
    '保密制度',
    '培训',
    '绩效',
    '招聘',
    '福利',
    '安全',
    '采购',
  ]) {
    await api(server, tokens[1])('POST', `/api/v1/knowledge/${bases.list[0]!.id}/hit-test`, {
      query: q,
      top_k: 5,
    });
  }
}

/** BENCH_SMAPS=1: the server's largest mappings (Rss over 4 MB), to tell heaps, arenas and code apart. */
function smaps(pid: number) {
  if (!process.env.BENCH_SMAPS) return;
  const rows: string[] = [];
  let range = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) range = line;
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss && Number(rss[1]) > 4096)
      rows.push(`${(Number(rss[1]) / 1024).toFixed(0).padStart(5)} MB  ${range}`);
  }
  console.log(rows.sort((a, b) => parseFloat(b) - parseFloat(a)).join('\n'));
}

function print(label: string, r: MemoryReport, waited: number) {
  const db = r.database;
  console.log(
    `${label.padEnd(16)} RSS ${fmt(r.rssMb, 0).padStart(4)} MB (anon ${fmt(r.anonymousMb, 0)}, file ${fmt(r.fileMb, 0)})` +
      ` · threads ${r.threads}` +
      ` · app heap ${fmt(r.main.heapUsedMb, 0)}/${fmt(r.main.heapTotalMb, 0)} MB, external ${fmt(r.main.externalMb, 0)} (array buffers ${fmt(r.main.arrayBuffersMb, 0)})` +
      (db
        ? ` · database heap ${fmt(db.heapUsedMb, 0)}/${fmt(db.heapTotalMb, 0)} MB, external ${fmt(db.externalMb, 0)}, wasm ${fmt(db.wasmMb ?? NaN, 0)} MB`
        : '') +
      ` · idle after ${fmt(waited, 0)} s`,
  );
}

async function main() {
  if (POSTGRES && !process.env.DATABASE_URL) throw new Error('--postgres needs DATABASE_URL');
  // The embedded database unless --postgres, whatever this shell has set.
  if (!POSTGRES) delete process.env.DATABASE_URL;
  if (!POSTGRES) delete process.env.REDIS_URL;
  const server = await startServerProcess({ MEMORY_REPORT: '1', LOG_LEVEL: 'info' });
  let failed = false;
  try {
    console.log(
      `bench:memory on ${POSTGRES ? 'PostgreSQL' : 'the embedded database'} (limit ${MAX_RSS_MB} MB)`,
    );
    const check = (label: string, r: MemoryReport, waited: number) => {
      print(label, r, waited);
      if (r.rssMb > MAX_RSS_MB) failed = true;
    };
    let waited = await idle(server);
    check('idle, started', await report(server), waited);
    smaps(server.child.pid!);
    const started = performance.now();
    await workload(server);
    console.log(
      `workload took ${fmt((performance.now() - started) / 1000, 1)} s, RSS at its end ${fmt(server.rssMb(), 0)} MB`,
    );
    waited = await idle(server, SETTLE_SECONDS);
    check('idle, after', await report(server), waited);
    smaps(server.child.pid!);
  } finally {
    await server.stop();
  }
  if (failed) {
    console.error(`an idle resident set is over ${MAX_RSS_MB} MB`);
    process.exit(1);
  }
}

await main();
