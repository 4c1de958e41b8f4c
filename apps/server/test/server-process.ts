import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Envelope, LoginData } from '@lingxi/contract';
import { randomIp, randomPhone } from './helpers.js';

const packageDir = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * The server in a process of its own, from its sources, as `npm run dev` runs it (so a test can kill it for
 * real): on PostgreSQL when DATABASE_URL is set, else on the embedded database in `dataDir`. Its log lines
 * are read from its output.
 */
export async function startServerProcess(o: { dataDir: string; env?: Record<string, string> }) {
  const port = await freePort();
  const logs: Record<string, unknown>[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      DATA_DIR: o.dataDir,
      JOBS_WORKER: 'false',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line));
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }

  const s = {
    base,
    logs,
    child,
    async call<T = unknown>(method: string, path: string, o: { body?: unknown; token?: string } = {}) {
      const headers: Record<string, string> = { 'x-forwarded-for': randomIp() };
      if (o.token) headers.token = o.token;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(base + path, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      return { status: res.status, body: (await res.json()) as Envelope<T> };
    },
    async login(phone = randomPhone()) {
      const sent = await s.call('POST', `/api/v1/login/code/${phone}`);
      if (sent.body.code !== 0) throw new Error(`code refused: ${sent.body.msg}`);
      let code: string | undefined;
      for (let i = 0; i < 100 && !code; i++) {
        const hit = logs.findLast((l) => (l.sms as { phone?: string } | undefined)?.phone === phone);
        code = (hit?.sms as { code?: string } | undefined)?.code;
        if (!code) await new Promise((r) => setTimeout(r, 20));
      }
      const res = await s.call<LoginData>('POST', '/api/v1/phone/login', { body: { phone, code } });
      if (res.body.code !== 0) throw new Error(`login refused: ${res.body.msg}`);
      return { token: res.body.data.token, user: res.body.data.user_info };
    },
    /** `kill -9`: the process ends at once, settling nothing. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM: a graceful shutdown. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
  return s;
}
