/**
 * npm run bench:api — how fast the server answers the reads every screen makes, as a share of a Fastify
 * hello-world's rate measured in the same run (the same Fastify, loopback, the same connections), on the
 * embedded database and then on PostgreSQL + Redis (a database the bench creates and drops). Each endpoint gets
 * `--duration` seconds (default 5) at 20 connections after a one-second warm-up; every answer must be HTTP 200
 * with code 0. docs/performance.md, Fast reads.
 *
 *   --duration N     seconds per endpoint            --only a,b   just these endpoints (names below)
 *   --db embedded|postgres (default both)            --verify     no load: the bodies of every endpoint, in three
 *                                                                 locales, from BENCH_VERIFY_DIST (another build's
 *                                                                 main.js) and from this build, on the same data,
 *                                                                 must be byte-for-byte the same
 * Env: BENCH_SERVER_DIST (the build to measure, default apps/server/dist/main.js), BENCH_POSTGRES_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default redis://127.0.0.1:6379),
 * BENCH_PROFILE (a directory: the server writes a CPU profile there).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuMsOf,
  cpuTicks,
  fmt,
  freePort,
  root,
  sendApi,
  startServerProcess,
  stealSince,
  type ServerProcess,
} from './lib.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : (process.argv[i + 1] ?? '');
};
const DURATION = Number(arg('duration') ?? 5);
const ONLY = arg('only')?.split(',').filter(Boolean);
const DBS = arg('db') ? [arg('db')!] : ['embedded', 'postgres'];
const VERIFY = process.argv.includes('--verify');
const CONNECTIONS = 20;
const DIST = process.env.BENCH_SERVER_DIST;
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Who = 'anon' | 'user';
type Endpoint = { name: string; path: string; who: Who; target: number };
type Sample = { botId: number; category: string; tokens: { user: string } };

/** What is measured; `target` is the share of hello-world it should reach (issue 16, Fast reads). */
const endpoints = (s: Sample): Endpoint[] => [
  { name: 'discover', path: '/api/v1/bot', who: 'anon', target: 0.2 },
  {
    name: 'discover-category',
    path: `/api/v1/bot?category=${s.category}&sort=new`,
    who: 'anon',
    target: 0.2,
  },
  { name: 'home', path: '/api/v1/bot/home', who: 'anon', target: 0.2 },
  { name: 'home-user', path: '/api/v1/bot/home', who: 'user', target: 0.2 },
  { name: 'detail', path: `/api/v1/bot/${s.botId}`, who: 'anon', target: 0.2 },
  { name: 'detail-user', path: `/api/v1/bot/${s.botId}`, who: 'user', target: 0.2 },
  { name: 'categories', path: '/api/v1/bot/category', who: 'anon', target: 0.2 },
  { name: 'profile', path: '/api/v1/user', who: 'user', target: 0.1 },
  { name: 'conversations', path: '/api/v1/conversation', who: 'user', target: 0.1 },
  { name: 'feed', path: '/api/v1/post', who: 'anon', target: 0.1 },
  { name: 'feed-user', path: '/api/v1/post?tab=latest', who: 'user', target: 0.1 },
  { name: 'setting', path: '/api/v1/setting', who: 'anon', target: 0.1 },
];

type Result = { rps: number; p50: number; p99: number; bad: number; cpuUs: number };

/**
 * `seconds` of load; `cpuUs` is the CPU time the server's process (all its threads) spent per answer: on a
 * machine shared with other work, a steadier figure than the rate.
 */
async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  isOk: (b: string) => boolean,
  pid: number,
): Promise<Result> {
  let bad = 0;
  const cpuBefore = cpuMsOf(pid);
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [
      {
        method: 'GET',
        onResponse: (status: number, body: string) => {
          if (status !== 200 || !isOk(body)) bad++;
        },
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: bad + r.errors + r.timeouts,
    cpuUs: ((cpuMsOf(pid) - cpuBefore) * 1000) / Math.max(1, r.requests.total),
  };
}

const measure = async (
  url: string,
  headers: Record<string, string>,
  isOk: (b: string) => boolean,
  pid: number,
) => {
  await load(url, headers, 1, isOk, pid);
  return load(url, headers, DURATION, isOk, pid);
};

const isEnvelopeOk = (body: string) => body.startsWith('{"code":0,');

/** A Fastify hello-world in its own process, with the server's Fastify. */
async function helloWorld(): Promise<Result> {
  const port = await freePort();
  const script = `import Fastify from 'fastify'; const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' }); console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(root, 'apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`hello-world exited with ${c}`)));
  });
  try {
    return await measure(`http://127.0.0.1:${port}/`, {}, (b) => b === '{"hello":"world"}', child.pid!);
  } finally {
    child.kill('SIGTERM');
  }
}

type Json = {
  code: number;
  msg: string;
  data: Record<string, unknown> & { list?: Record<string, unknown>[] };
};

function client(server: ServerProcess) {
  return async (method: string, path: string, token?: string, body?: unknown) =>
    (await sendApi(server.url, method, path, { token, body })) as unknown as Json;
}

async function login(server: ServerProcess, phone: string) {
  const call = client(server);
  const sent = await call('POST', `/api/v1/login/code/${phone}`);
  if (sent.code !== 0) throw new Error(`login code: ${sent.msg}`);
  const logged = await call('POST', '/api/v1/phone/login', undefined, {
    phone,
    code: await server.smsCode(phone),
  });
  if (logged.code !== 0) throw new Error(`login: ${logged.msg}`);
  return logged.data.token as string;
}

/** Sample content: two users, a favourite, a conversation, a few posts. */
async function sample(server: ServerProcess): Promise<Sample> {
  const call = client(server);
  const phones = [0, 1].map(() => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  const [a, b] = [await login(server, phones[0]!), await login(server, phones[1]!)];
  const categories = await call('GET', '/api/v1/bot/category');
  const bots = await call('GET', '/api/v1/bot');
  const botId = bots.data.list![1]!.id as number;
  await call('POST', `/api/v1/bot/${botId}/favourite`, a);
  for (const token of [a, b]) {
    const conv = await call('POST', '/api/v1/conversation', token, { bot_id: botId });
    if (conv.code !== 0) throw new Error(`conversation: ${conv.msg}`);
  }
  for (const [i, token] of [a, b, a, b, a].entries()) {
    const post = await call('POST', '/api/v1/post', token, {
      content: `今天和智能体聊了第${i + 1}次，很有意思。`,
    });
    if (post.code !== 0) console.warn(`  (post ${i + 1}: ${post.msg})`);
  }
  return { botId, category: categories.data.list![0]!.id as string, tokens: { user: a } };
}

const headersOf = (s: Sample, e: Endpoint, lang?: string): Record<string, string> => ({
  ...(e.who === 'user' ? { token: s.tokens.user } : {}),
  ...(lang ? { 'accept-language': lang } : {}),
});

type Store = { env: Record<string, string>; dataDir?: string; drop?: () => Promise<void> };

/** A place for the server's data: a fresh embedded directory, or a fresh PostgreSQL database (dropped by `drop`). */
async function storeFor(db: string): Promise<Store> {
  if (db === 'embedded') {
    const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-bench-api-'));
    return { env: {}, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bench_api_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(PG_URL);
  target.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: target.href, REDIS_URL },
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function bench(db: string, hello: Result) {
  const store = await storeFor(db);
  const server = await startServerProcess(store.env, { dist: DIST, dataDir: store.dataDir });
  const rows: string[] = [];
  try {
    const s = await sample(server);
    const since = cpuTicks();
    for (const e of endpoints(s).filter((x) => !ONLY || ONLY.includes(x.name))) {
      const r = await measure(server.url + e.path, headersOf(s, e), isEnvelopeOk, server.child.pid!);
      const share = r.rps / hello.rps;
      rows.push(
        `${e.name.padEnd(18)} ${fmt(r.rps, 0).padStart(8)} ${fmt(r.p50, 1).padStart(7)} ${fmt(r.p99, 1).padStart(7)}` +
          ` ${fmt(r.cpuUs, 0).padStart(8)} ${fmt(r.cpuUs / hello.cpuUs, 1).padStart(6)}` +
          ` ${`${fmt(share * 100, 1)} %`.padStart(8)} ${`≥ ${e.target * 100} %`.padStart(7)} ${share >= e.target ? 'yes' : 'NO '}` +
          `${r.bad ? `  ${r.bad} answers not 200/code 0` : ''}`,
      );
      console.log(`  ${rows.at(-1)}`);
    }
    console.log(`  (hypervisor steal during the ${db} run: ${fmt(stealSince(since) * 100, 1)} %)`);
  } finally {
    await server.stop();
    await store.drop?.();
  }
  return rows;
}

/** Bodies of every endpoint, in three locales, from a build on given data. */
async function bodies(dist: string | undefined, store: Store, s: Sample | null) {
  const server = await startServerProcess(store.env, { dist, dataDir: store.dataDir });
  try {
    const sample_ = s ?? (await sample(server));
    const out = new Map<string, string>();
    for (const e of endpoints(sample_))
      for (const lang of [undefined, 'en', 'zh-TW']) {
        const res = await fetch(server.url + e.path, { headers: headersOf(sample_, e, lang) });
        out.set(`${e.name} ${lang ?? 'zh-Hans'}`, `${res.status} ${await res.text()}`);
      }
    return { sample: sample_, out };
  } finally {
    await server.stop();
  }
}

async function verify(db: string) {
  if (!process.env.BENCH_VERIFY_DIST)
    throw new Error('--verify needs BENCH_VERIFY_DIST=<another build>/main.js');
  const store = await storeFor(db);
  try {
    const before = await bodies(process.env.BENCH_VERIFY_DIST, store, null);
    const after = await bodies(DIST, store, before.sample);
    let differ = 0;
    for (const [key, body] of before.out) {
      const same = after.out.get(key) === body;
      if (!same) differ++;
      console.log(`  ${same ? 'same  ' : 'DIFFER'} ${key} (${body.length} bytes)`);
      if (!same)
        console.log(`    before: ${body.slice(0, 300)}\n    after:  ${after.out.get(key)?.slice(0, 300)}`);
    }
    return differ;
  } finally {
    await store.drop?.();
  }
}

async function main() {
  const avg = loadavg()[0]!;
  console.log(
    `\nbench:api — ${CONNECTIONS} connections, ${DURATION} s per endpoint, load average ${fmt(avg, 1)}`,
  );
  if (VERIFY) {
    let differ = 0;
    for (const db of DBS) {
      console.log(
        `\n${db}: bodies of ${process.env.BENCH_VERIFY_DIST} and ${DIST ?? 'apps/server/dist/main.js'}`,
      );
      differ += await verify(db);
    }
    console.log(differ ? `\n${differ} bodies differ` : '\nevery body is the same');
    process.exit(differ ? 1 : 0);
  }
  const hello = await helloWorld();
  console.log(
    `\nFastify hello-world: ${fmt(hello.rps, 0)} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms, ${fmt(hello.cpuUs, 0)} µs CPU per answer`,
  );
  const header =
    `${'endpoint'.padEnd(18)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}` +
    ` ${'CPU µs'.padStart(8)} ${'×hello'.padStart(6)} ${'share'.padStart(8)} ${'target'.padStart(7)} met`;
  const tables: string[] = [];
  for (const db of DBS) {
    console.log(`\n${db === 'embedded' ? 'embedded database' : 'PostgreSQL + Redis'}:\n  ${header}`);
    const rows = await bench(db, hello);
    tables.push(`${db}:\n  ${header}\n${rows.map((r) => `  ${r}`).join('\n')}`);
  }
  console.log(
    `\nsummary (hello-world ${fmt(hello.rps, 0)} req/s, ${fmt(hello.cpuUs, 0)} µs CPU per answer; CPU µs: the server's, all threads, per answer; ×hello: that over hello-world's)\n${tables.join('\n')}`,
  );
  process.exit(0);
}

await main().catch((err) => {
  console.error(err);
  process.exit(1);
});
