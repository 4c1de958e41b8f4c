/**
 * Backup and restore of the embedded database (docs/deploy.md, Backup and restore). PGlite is one process's:
 * the server holds its data directory while it runs, so a backup is taken with the server stopped, from a
 * cleanly opened database, as PGlite's own dump of its data directory (a gzipped tar). PostgreSQL is backed
 * up with pg_dump instead.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-drizzle.js';

export class BackupError extends Error {}

/** Where the embedded database lives under DATA_DIR (as db/client.ts opens it). */
export const embeddedDir = (dataDir: string) => join(dataDir, 'pglite');

/**
 * PostgreSQL's lock file: there while a process has the database open (and after one was killed, until the
 * next open). Two processes on one data directory would corrupt it.
 */
function assertNotInUse(dir: string) {
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `${dir} is in use (postmaster.pid): stop the server first. After a crash, start and stop the server ` +
        'once so that it recovers, then back up.',
    );
  }
}

type Summary = { migrations: number; users: number; bytes: number };

async function summary(pg: PGlite, bytes: number): Promise<Summary> {
  const count = async (table: string) =>
    Number((await pg.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);
  return { migrations: await count('drizzle.__drizzle_migrations'), users: await count('users'), bytes };
}

/** Writes a consistent copy of the embedded database under `dataDir` to `file` (a .tar.gz). */
export async function backupEmbedded(dataDir: string, file: string): Promise<Summary> {
  const dir = embeddedDir(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${dir}`);
  assertNotInUse(dir);
  const pg = await PGlite.create(dir, { extensions: pgliteExtensions });
  try {
    // A checkpoint first: the dump is of the files, with every committed change in them.
    await pg.exec('CHECKPOINT');
    const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    const partial = `${file}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return await summary(pg, dump.length);
  } finally {
    await pg.close();
  }
}

/**
 * Restores `file` (from `backupEmbedded`) as the embedded database under `dataDir`. The place must be empty
 * unless `replace`, which keeps the database there aside as `pglite.before-restore-<time>` rather than
 * deleting it. The server must be stopped.
 */
export async function restoreEmbedded(
  file: string,
  dataDir: string,
  opts: { replace?: boolean; now?: Date } = {},
): Promise<Summary & { keptAside?: string }> {
  const dir = embeddedDir(dataDir);
  const tar = readFileSync(file);
  let keptAside: string | undefined;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!opts.replace) {
      throw new BackupError(`${dir} is not empty: stop the server and pass --replace to put it aside`);
    }
    assertNotInUse(dir);
    keptAside = `${dir}.before-restore-${(opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, keptAside);
  }
  try {
    const pg = await PGlite.create(dir, { extensions: pgliteExtensions, loadDataDir: new Blob([tar]) });
    try {
      return { ...(await summary(pg, tar.length)), keptAside };
    } finally {
      await pg.close();
    }
  } catch (err) {
    // A file that is no backup leaves the place as it was.
    rmSync(dir, { recursive: true, force: true });
    if (keptAside) renameSync(keptAside, dir);
    throw err;
  }
}
