import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../server-process.js';

/**
 * Several real server processes on one fresh PostgreSQL database and the run's Redis (docs/scaling.md): what
 * the two-process suite runs. Skipped unless DATABASE_URL and REDIS_URL are set (`npm run test:services`).
 */
export const clusterUrls =
  process.env.DATABASE_URL && process.env.REDIS_URL
    ? { database: process.env.DATABASE_URL, redis: process.env.REDIS_URL }
    : null;

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** A database of its own (settings and sweeps are global: the run's other files must not see them). */
async function freshDatabase(base: string) {
  const name = `lingxi_multi_${Date.now()}_${process.pid}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function startCluster(o: { size?: number; env?: Record<string, string> } = {}) {
  const urls = clusterUrls!;
  const db = await freshDatabase(urls.database);
  const sql = new pg.Pool({ connectionString: db.url, max: 2 });
  const dirs: string[] = [];
  const env = { ...o.env, DATABASE_URL: db.url, REDIS_URL: urls.redis };
  const start = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lingxi-multi-'));
    dirs.push(dir);
    return startServerProcess({ dataDir: dir, env });
  };
  // One at a time: the first runs the migrations, the next finds them done.
  const servers: ServerProcess[] = [];
  for (let i = 0; i < (o.size ?? 2); i++) servers.push(await start());
  return {
    servers,
    /** A new process on the same database (a restart), replacing `servers[i]`. */
    async restart(i: number) {
      servers[i] = await start();
      return servers[i];
    },
    sql,
    /** Makes a user an operator, in the database (the console has no way to make the first one). */
    async operator(s: ServerProcess) {
      const session = await s.login();
      await sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [session.user.id]);
      return session;
    },
    async close() {
      await Promise.all(servers.map((s) => s.stop()));
      await sql.end();
      await db.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** Polls `fn` until it returns true; fails once `ms` have passed (the figure a test promises). */
export async function within(ms: number, fn: () => Promise<boolean>, what: string) {
  const started = Date.now();
  for (;;) {
    if (await fn()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
