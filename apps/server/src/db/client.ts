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
   * The embedded database only (one process holds it): calls `onPayload` for each notification on
   * `channel`, before the statement that sent it returns to its caller.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** The embedded database only: calls `listener` if its thread dies while open (nothing works after). */
  onLost?(listener: (err: Error) => void): void;
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
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      sql: async (text, values) => {
        const r = await pool.query(text, values);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
      close: () => pool.end(),
    };
  }
  // PGlite runs in a worker thread: its statements no longer hold the thread that serves requests.
  const client = await RemotePGlite.open({
    dataDir: opts.dataDir ? pglitePath(opts.dataDir) : '',
    template: opts.template,
  });
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    sql: (text, values) => client.raw(text, values),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    onLost: (listener) => client.onLost(listener),
    close: () => client.close(),
  };
}

function pglitePath(dataDir: string): string {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return dir;
}
