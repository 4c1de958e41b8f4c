import { eq, sql } from 'drizzle-orm';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import type { Database } from './client.js';
import { RemotePGlite } from './pglite-remote.js';
import { settings } from './schema.js';

/**
 * The embedded database runs in a worker thread (pglite-remote.ts, pglite-worker.ts): what crosses the
 * thread must behave as PGlite itself did — rows, errors with their codes, transactions, notifications
 * before the statement that sent them returns.
 */
describe.skipIf(!!process.env.DATABASE_URL)('the embedded database in its worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.sql(`
      CREATE TABLE probe (id int PRIMARY KEY, note text NOT NULL, at timestamptz DEFAULT now());
      CREATE FUNCTION probe_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('probe_changed', NEW.id::text); RETURN NULL; END $$;
      CREATE TRIGGER probe_changed AFTER INSERT OR UPDATE ON probe
        FOR EACH ROW EXECUTE FUNCTION probe_changed();`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads rows through drizzle, and raw SQL with Dates', async () => {
    const at = new Date('2026-11-21T08:00:00Z');
    await database.db.insert(settings).values({ key: 'probe', value: { 名字: '灵犀' }, updatedAt: at });
    const rows = await database.db.select().from(settings).where(eq(settings.key, 'probe'));
    expect(rows).toEqual([{ key: 'probe', value: { 名字: '灵犀' }, updatedAt: at }]);
    await database.sql('INSERT INTO probe (id, note) VALUES ($1, $2)', [1, '一']);
    const raw = await database.sql('SELECT id, note, at FROM probe WHERE id = $1', [1]);
    expect(raw.rows[0]).toMatchObject({ id: 1, note: '一' });
    expect(raw.rows[0]!.at).toBeInstanceOf(Date);
  });

  it('reports a database error with its code, detail and constraint', async () => {
    await database.sql("INSERT INTO probe (id, note) VALUES (9, '九')");
    const failed = await database.db.execute(sql`INSERT INTO probe (id, note) VALUES (9, '重复')`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error & { detail?: string } },
    );
    // Drizzle wraps the database's error as its cause.
    const cause = failed?.cause;
    expect(cause).toBeInstanceOf(Error);
    expect(cause).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    expect(String(cause?.detail)).toContain('(id)=(9)');
  });

  it('commits a transaction, and rolls back one that throws, with nothing half written', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe (id, note) VALUES (2, '二')`);
      await tx.execute(sql`UPDATE probe SET note = '贰' WHERE id = 2`);
    });
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe (id, note) VALUES (3, '三')`);
        throw new Error('中途失败');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('中途失败');
    const { rows } = await database.sql('SELECT id, note FROM probe WHERE id IN (2, 3) ORDER BY id');
    expect(rows).toEqual([{ id: 2, note: '贰' }]);
  });

  it('runs a statement from outside only after an open transaction ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`UPDATE probe SET note = '事务中' WHERE id = 1`);
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = database.sql('SELECT note FROM probe WHERE id = 1', []).then((r) => {
      order.push('outside read');
      return r.rows[0]!.note;
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await outside).toBe('事务中');
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('delivers a notification before the statement that sent it returns', async () => {
    const heard: string[] = [];
    await database.listen!('probe_changed', (id) => heard.push(id));
    await database.db.execute(sql`UPDATE probe SET note = '改' WHERE id = 2`);
    expect(heard).toEqual(['2']);
  });

  it('refuses statements once closed, with a clear error', async () => {
    const other = await openTestDatabase();
    await other.close();
    await expect(other.sql('SELECT 1')).rejects.toThrow('数据库已关闭');
  });

  it('tells when its thread dies, and fails every statement after with a clear error', async () => {
    const remote = await RemotePGlite.open({ dataDir: '' });
    const lost: string[] = [];
    remote.onLost((err) => lost.push(err.message));
    // As PGlite aborting (out of memory, a crash in the WebAssembly) would end it.
    await (remote as unknown as { worker: Worker }).worker.terminate();
    expect(lost).toEqual([expect.stringContaining('数据库线程已退出')]);
    await expect(remote.raw('SELECT 1')).rejects.toThrow('数据库线程已退出');
    await remote.close();
    expect(lost).toHaveLength(1);
  });

  it('is not lost when it is closed', async () => {
    const remote = await RemotePGlite.open({ dataDir: '' });
    const lost: string[] = [];
    remote.onLost((err) => lost.push(err.message));
    await remote.close();
    expect(lost).toEqual([]);
  });
});
