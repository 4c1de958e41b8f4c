import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** The server's log (JSON lines). */
  logFile: string;
  smsCode(phone: string): Promise<string>;
  /** Resident set size of the server process, in MB. */
  rssMb(): number;
  /** CPU time the server process has used so far (user + system, all threads), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
};

/**
 * The production bundle in its own process, as `npm start` runs it, on a fresh embedded database. `dist` runs
 * another build's main.js; `dataDir` reuses a data directory (kept at the end) instead of a fresh one.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { dist?: string; dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'lingxi-bench-'));
  // Logs go to a file, as in production: a pipe the benchmark is too busy to drain would stall the server.
  const logFile = join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, opts.dist ?? 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', logFd, 'inherit'],
  });
  closeSync(logFd);
  const codeOf = (phone: string) => {
    const at = readFileSync(logFile, 'utf8').lastIndexOf(`"phone":"${phone}"`);
    return at === -1 ? undefined : /"code":"(\d+)"/.exec(readFileSync(logFile, 'utf8').slice(at))?.[1];
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    logFile,
    async smsCode(phone) {
      for (let i = 0; i < 100; i++) {
        const code = codeOf(phone);
        if (code) return code;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no code for ${phone}`);
    },
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    cpuMs: () => cpuMsOf(child.pid!),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time a process has used so far (user + system, all threads), in ms. */
export function cpuMsOf(pid: number) {
  // utime and stime, the 14th and 15th fields, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/**
 * The share of this machine's CPU time its hypervisor took for other guests since `since` (Linux
 * /proc/stat "steal"): on a shared virtual machine, figures measured while it is high are not comparable.
 */
export function cpuTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { steal: fields[7] ?? 0, total: fields.reduce((n, v) => n + v, 0) };
}

export const stealSince = (since: ReturnType<typeof cpuTicks>) => {
  const now = cpuTicks();
  return now.total > since.total ? (now.steal - since.steal) / (now.total - since.total) : 0;
};

export type Envelope<T> = { code: number; msg: string; data: T };

/** One API call as the app's clients make it: the envelope as answered, whatever its code. */
export async function sendApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  o: { token?: string; body?: unknown } = {},
): Promise<Envelope<T>> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.token ? { token: o.token } : {}),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return (await res.json()) as Envelope<T>;
}

/** An API client for `token` (none: anonymous): each call's data, or an error naming the call and its refusal. */
export function apiClient(baseUrl: string, token = '') {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const env = await sendApi<T>(baseUrl, method, path, { token, body });
    if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
    return env.data;
  };
}
