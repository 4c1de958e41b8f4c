import { mkdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../src/db/client.js';
import { TEMPLATE_DIR, TEMPLATE_FILE } from './paths.js';

/**
 * Runs the migrations once per test run: on PostgreSQL into the run's database, on PGlite into a template
 * data directory that each test app loads instead of running initdb (~0.5 s instead of ~3.5 s).
 */
export default async function setup() {
  if (process.env.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
    await db.close();
    return;
  }
  const pg = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle(pg), { migrationsFolder });
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
}
