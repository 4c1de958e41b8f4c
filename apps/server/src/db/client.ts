import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgListener } from './pg-listener.js';
import type { ThreadMemory } from './pglite-protocol.js';
import { RemotePGlite } from './pglite-remote.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Db;

/** What raw SQL returns: the rows (of the last statement, for several) and how many rows it touched. */
export type RawResult = { rows: Record<string, unknown>[]; rowCount: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL for libraries that bring their own (the job queue): with values, one parameterised statement;
   * without, any number of statements in one round trip.
   */
  sql(text: string, values?: unknown[]): Promise<RawResult>;
  /**
   * Calls `onPayload` for each notification on `channel`. The embedded database (one process holds it) calls
   * it before the statement that sent it returns; PostgreSQL after the commit, in commit order, and calls
   * `onReset` when notifications may have been missed (the listening connection was lost): drop everything
   * (docs/scaling.md, Caches).
   */
  listen?(channel: string, onPayload: (payload: string) => void, onReset?: () => void): Promise<void>;
  /**
   * PostgreSQL only: resolves once this process has handled every notification committed before the call,
   * so that a request's own changes are announced before its response leaves (docs/scaling.md).
   */
  barrier?(): Promise<void>;
  /** The embedded database only: calls `listener` if its thread dies while open (nothing works after). */
  onLost?(listener: (err: Error) => void): void;
  /** Connections of the PostgreSQL pool, or statements in flight to the embedded database (metrics). */
  stats?(): { total?: number; idle?: number; waiting?: number; pending?: number };
  /** The embedded database only: its thread's memory (the memory report, docs/performance.md, Memory). */
  memory?(): Promise<ThreadMemory>;
  close(): Promise<void>;
};

/** In src this is src/db/migrations; the production bundle carries a copy next to main.js. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export { pgliteExtensions } from './pglite-drizzle.js';

/** Serialises migrations across processes that share one PostgreSQL database. */
const MIGRATION_LOCK = 7_314_001;

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: start from a dumped data directory instead of running initdb (tests). */
  template?: Blob;
  /** PostgreSQL: the listening connection was lost or could not be opened again (it retries). */
  onListenerError?: (err: Error) => void;
  /** PGlite only: shared_buffers (PGlite's own default when unset). */
  pgliteSharedBuffers?: string;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const lock = new pg.Client({ connectionString: opts.databaseUrl });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await lock.end();
    }
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const url = opts.databaseUrl;
    // One listening connection, opened by the first listener (a CLI run never opens it).
    let listener: Promise<PgListener> | undefined;
    const listening = () =>
      (listener ??= PgListener.open(url, (err) => opts.onListenerError?.(err)).catch((err: unknown) => {
        listener = undefined;
        throw err;
      }));
    const sql = async (text: string, values?: unknown[]) => {
      const r = await pool.query(text, values);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    };
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      sql,
      listen: async (channel, onPayload, onReset) => (await listening()).listen(channel, onPayload, onReset),
      barrier: async () => {
        if (listener) await (await listener).barrier(sql);
      },
      close: async () => {
        await (await listener?.catch(() => undefined))?.close();
        await pool.end();
      },
      stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // PGlite runs in a worker thread: its statements no longer hold the thread that serves requests.
  const client = await RemotePGlite.open({
    dataDir: opts.dataDir ? pglitePath(opts.dataDir) : '',
    template: opts.template,
    sharedBuffers: opts.pgliteSharedBuffers,
  });
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    sql: (text, values) => client.raw(text, values),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    onLost: (listener) => client.onLost(listener),
    stats: () => ({ pending: client.pendingCount }),
    memory: () => client.memory(),
    close: () => client.close(),
  };
}

function pglitePath(dataDir: string): string {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return dir;
}
