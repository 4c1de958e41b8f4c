/**
 * npm run bench:chat — reply streaming through the server against a fake OpenAI-compatible upstream on
 * loopback, at 1, 100 and 500 concurrent conversations, and straight against the fake for comparison.
 * Prints the time to first token the server adds (p50, p99), the delay it adds per delta, replies per second
 * and the server's memory (RSS) before and at peak. A delta's delay is measured from the moment the fake
 * wrote it (it stamps each one with the wall-clock time) to the moment its bytes arrived here, so the
 * fake's own timer drift (it is busier while the server shares the machine) does not count.
 *
 * "N concurrent streams" is a steady state: the N conversations start spread over one reply's duration, each
 * sends one unmeasured reply to ramp up and then BENCH_REPLIES measured ones, so every measured request
 * arrives while N streams are running, as they do when N users chat. BENCH_BURST=1 instead starts all N at
 * the same instant and measures every reply (a thundering herd: the last of N requests waits for the N-1
 * before it, on the server and on the fake alike).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { chineseText, ingest } from './document.js';
import {
  cpuMsOf,
  cpuTicks,
  fmt,
  percentile,
  root,
  type ServerProcess,
  startServerProcess,
  stealSince,
} from './lib.js';

const LEVELS = (process.env.BENCH_LEVELS ?? '1,100,500').split(',').map(Number);
const REPLIES_PER_CONVERSATION = Number(process.env.BENCH_REPLIES ?? 3);
/** A reply of 100 pieces 30 ms apart (~3 s, like a few hundred tokens from a real model); env overrides. */
const DELTAS = Number(process.env.BENCH_DELTAS ?? 100);
const DELTA_GAP_MS = Number(process.env.BENCH_DELTA_GAP_MS ?? 30);
const FIRST_BYTE_MS = Number(process.env.BENCH_FIRST_BYTE_MS ?? 0);
const BURST = process.env.BENCH_BURST === '1';
/** A document of this many MB uploaded to a knowledge base and processed while each level's replies stream. */
const DOCUMENT_MB = Number(process.env.BENCH_DOCUMENT_MB ?? 0);

type Sample = { ttft: number; latencies: number[]; total: number; ok: boolean };

const STAMP = /@(\d{13}\.\d{3})@/g;
const wallClock = (at: number) => performance.timeOrigin + at;

/** Reads a response body, stamping each delta (one `marker` per delta) as its bytes arrive. */
async function measure(started: number, res: Response, marker: string): Promise<Sample> {
  const stamps: number[] = [];
  const latencies: number[] = [];
  const decoder = new TextDecoder();
  let carry = '';
  let stampCarry = '';
  const seen = new Set<string>();
  let ok = false;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const now = performance.now();
    const piece = decoder.decode(chunk, { stream: true });
    const text = carry + piece;
    let at = text.indexOf(marker);
    let last = -1;
    while (at !== -1) {
      stamps.push(now);
      last = at;
      at = text.indexOf(marker, at + marker.length);
    }
    if (text.includes('event: done') || text.includes('[DONE]')) ok = true;
    carry = last === -1 ? text.slice(-marker.length) : text.slice(last + marker.length);
    // The fake's stamps (a partial one waits for the rest of it in the next chunk).
    const stamped = stampCarry + piece;
    let end = 0;
    for (const m of stamped.matchAll(STAMP)) {
      // The server's `done` repeats the reply's text: a stamp counts when it first arrives.
      if (!seen.has(m[1]!)) latencies.push(wallClock(now) - Number(m[1]));
      seen.add(m[1]!);
      end = m.index + m[0].length;
    }
    stampCarry = stamped.slice(Math.max(end, stamped.length - 18));
  }
  return {
    ttft: (stamps[0] ?? NaN) - started,
    latencies,
    total: performance.now() - started,
    ok: ok && stamps.length === DELTAS && latencies.length === DELTAS,
  };
}

async function direct(fakeUrl: string): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(`${fakeUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
    body: JSON.stringify({
      model: 'bench-model',
      stream: true,
      messages: [{ role: 'user', content: '你好' }],
    }),
  });
  return measure(started, res, '"content":');
}

type Session = { token: string; conversation: number };

async function throughServer(server: ServerProcess, s: Session, n: number): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/conversation/${s.conversation}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: s.token },
    body: JSON.stringify({ content: `第${n}个问题：请介绍一下你自己。` }),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    console.error('refused:', await res.text());
    return { ttft: NaN, latencies: [], total: NaN, ok: false };
  }
  return measure(started, res, 'event: delta\n');
}

async function login(server: ServerProcess, i: number, botId: number): Promise<Session> {
  const phone = `150${String(10_000_000 + i).slice(-8)}`;
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const post = (path: string, body?: unknown, token?: string) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ code: number; msg: string; data: Record<string, unknown> }>);
  const sent = await post(`/api/v1/login/code/${phone}`);
  if (sent.code !== 0) throw new Error(sent.msg);
  const logged = await post('/api/v1/phone/login', { phone, code: await server.smsCode(phone) });
  if (logged.code !== 0) throw new Error(logged.msg);
  const token = logged.data.token as string;
  const conv = await post('/api/v1/conversation', { bot_id: botId }, token);
  return { token, conversation: conv.data.id as number };
}

/**
 * `level` conversations at once. Spread (`spreadMs` > 0): conversation w starts w/level of a reply's duration
 * in, and its first reply only ramps up. Replies per second and errors count every reply of the run.
 */
async function run(level: number, one: (worker: number, n: number) => Promise<Sample>, spreadMs = 0) {
  const samples: Sample[] = [];
  const ramp = spreadMs > 0 ? 1 : 0;
  let replies = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: level }, async (_, w) => {
      if (ramp) await new Promise((r) => setTimeout(r, (w * spreadMs) / level));
      for (let n = 0; n < ramp + REPLIES_PER_CONVERSATION; n++) {
        const sample = await one(w, n).catch((err: unknown): Sample => {
          console.error('request failed:', err);
          return { ttft: NaN, latencies: [], total: NaN, ok: false };
        });
        replies++;
        if (!sample.ok) failed++;
        if (n >= ramp) samples.push(sample);
      }
    }),
  );
  return { samples, replies, failed, seconds: (performance.now() - started) / 1000 };
}

const summarize = (samples: Sample[]) => {
  const ok = samples.filter((s) => s.ok);
  const latencies = ok.flatMap((s) => s.latencies);
  return {
    ok: ok.length,
    errors: samples.length - ok.length,
    ttft50: percentile(
      ok.map((s) => s.ttft),
      50,
    ),
    ttft99: percentile(
      ok.map((s) => s.ttft),
      99,
    ),
    delta50: percentile(latencies, 50),
    delta99: percentile(latencies, 99),
  };
};

async function main() {
  const fakeProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/fake-upstream.ts'], {
    cwd: root,
    env: {
      ...process.env,
      FAKE_DELTAS: String(DELTAS),
      FAKE_DELTA_GAP_MS: String(DELTA_GAP_MS),
      FAKE_FIRST_BYTE_MS: String(FIRST_BYTE_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const fake = {
    url: await new Promise<string>((resolve) =>
      fakeProcess.stdout!.once('data', (b: Buffer) => resolve(b.toString().trim())),
    ),
    close: () => new Promise((r) => fakeProcess.once('exit', r).kill('SIGTERM')),
  };
  const server = await startServerProcess({
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'bench',
    LLM_MODELS: 'bench-model:Bench:1:32000',
    CHAT_RATE_PER_MINUTE: '100000',
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  const bots = (await (await fetch(`${server.url}/api/v1/bot?limit=1`)).json()) as {
    data: { list: { id: number }[] };
  };
  const botId = bots.data.list[0]!.id;
  const max = Math.max(10, ...LEVELS) + (DOCUMENT_MB ? 1 : 0);
  const sessions: Session[] = [];
  for (let i = 0; i < max; i += 25) {
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, max - i) }, (_, j) => login(server, i + j, botId)),
      )),
    );
  }
  // Warm up the paths (JIT, pools) before measuring.
  await run(10, (w, n) => throughServer(server, sessions[w]!, n));
  const warm = await run(10, () => direct(fake.url));
  const replyMs = BURST ? 0 : Math.max(...warm.samples.map((s) => s.total));

  const rssBefore = server.rssMb();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
  const rows: string[] = [];
  const notes: string[] = [];
  for (const level of LEVELS) {
    const cpu = () => [
      server.cpuMs(),
      cpuMsOf(fakeProcess.pid!),
      process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000,
    ];
    const cpuBefore = cpu();
    const ticks = cpuTicks();
    // The document goes in once the ramp-up is over, while the measured replies stream.
    const document =
      DOCUMENT_MB > 0
        ? new Promise((r) => setTimeout(r, replyMs)).then(() =>
            ingest(server, sessions.at(-1)!.token, chineseText(DOCUMENT_MB)),
          )
        : undefined;
    const viaServer = await run(level, (w, n) => throughServer(server, sessions[w]!, n + 10), replyMs);
    if (document)
      notes.push(
        `level ${level}: the ${DOCUMENT_MB} MB document was ready in ${fmt((await document) / 1000, 1)} s`,
      );
    const cpuUsed = cpu().map((ms, i) => ms - cpuBefore[i]!);
    const cpuPerReply = cpuUsed[0]! / viaServer.replies;
    const cores = cpuUsed.map((ms) => fmt(ms / 1000 / viaServer.seconds, 2)).join(' / ');
    const viaFake = await run(level, () => direct(fake.url), replyMs);
    const steal = stealSince(ticks);
    const s = summarize(viaServer.samples);
    const d = summarize(viaFake.samples);
    rows.push(
      [
        String(level).padStart(5),
        `${fmt(s.ttft50)} / ${fmt(s.ttft99)}`.padStart(17),
        `${fmt(d.ttft50)} / ${fmt(d.ttft99)}`.padStart(17),
        `${fmt(s.ttft50 - d.ttft50)} / ${fmt(s.ttft99 - d.ttft99)}`.padStart(17),
        `${fmt(s.delta50 - d.delta50, 3)} / ${fmt(s.delta99 - d.delta99, 3)}`.padStart(23),
        fmt(viaServer.replies / viaServer.seconds, 1).padStart(9),
        fmt(cpuPerReply, 1).padStart(16),
        String(viaServer.failed + viaFake.failed).padStart(6),
        cores.padStart(26),
        `${fmt(steal * 100, 0)}%`.padStart(5),
      ].join(' │ '),
    );
  }
  clearInterval(sampler);
  console.log(
    `\nbench:chat — ${DELTAS} deltas ${DELTA_GAP_MS} ms apart per reply, ${REPLIES_PER_CONVERSATION} measured replies per conversation, ${BURST ? 'all conversations starting at once' : 'starts spread over a reply (steady state)'}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}${DOCUMENT_MB ? `, a ${DOCUMENT_MB} MB document processed during each level` : ''}`,
  );
  console.log(
    'level │  server TTFT p50/p99 │  direct TTFT p50/p99 │  added TTFT p50/p99 │ added per delta p50/p99 │ replies/s │ server CPU/reply │ errors │ cores: server / fake / bench │ steal',
  );
  for (const r of rows) console.log(r);
  for (const n of notes) console.log(n);
  console.log(`server RSS: ${fmt(rssBefore, 0)} MB before, ${fmt(peak, 0)} MB at peak (all times in ms)`);
  console.log(
    `cores: CPU time of each process while the server path ran, in cores (this machine has ${availableParallelism()})`,
  );
  console.log(
    'steal: share of the CPU the hypervisor gave to other guests during the level (both paths); compare runs with little',
  );
  await server.stop();
  await fake.close();
}

await main();
