import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

/** In src this is src/db/migrations; the production bundle carries a copy next to main.js. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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
      close: () => pool.end(),
    };
  }
  const client = opts.template
    ? await PGlite.create({ loadDataDir: opts.template })
    : await PGlite.create(pglitePath(opts.dataDir));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

function pglitePath(dataDir: string): string {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return dir;
}
