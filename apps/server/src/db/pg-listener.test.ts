import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { LISTENER_NAME } from './pg-listener.js';

const url = process.env.DATABASE_URL;

async function until(fn: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** PostgreSQL's announcements to one process (docs/scaling.md, Caches); the embedded database has its own. */
describe.skipIf(!url)('listening on PostgreSQL', () => {
  let database: Database;
  /** Another process's connection: its changes are announced to this one. */
  let writer: pg.Client;
  const errors: Error[] = [];
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, dataDir: '', onListenerError: (e) => errors.push(e) });
    writer = new pg.Client({ connectionString: url });
    await writer.connect();
  });
  afterAll(async () => {
    await writer.end();
    await database.close();
  });

  const channel = () => `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const notify = (ch: string, payload: string) => writer.query('SELECT pg_notify($1, $2)', [ch, payload]);

  it('delivers what another connection announces, after its commit', async () => {
    const ch = channel();
    const got: string[] = [];
    await database.listen!(ch, (p) => got.push(p));
    await writer.query('BEGIN');
    await notify(ch, 'in a transaction');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([]);
    await writer.query('COMMIT');
    await notify(ch, 'after');
    await until(() => got.length === 2);
    expect(got).toEqual(['in a transaction', 'after']);
  });

  it('a barrier returns only after every earlier announcement was handled', async () => {
    const ch = channel();
    const got: string[] = [];
    await database.listen!(ch, (p) => got.push(p));
    for (let round = 0; round < 20; round++) {
      await notify(ch, String(round));
      await database.barrier!();
      expect(got.at(-1)).toBe(String(round));
    }
    // Concurrent barriers share notifications: each still waits for what was committed before it.
    const writers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        return c;
      }),
    );
    try {
      await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          await writers[i % 4]!.query('SELECT pg_notify($1, $2)', [ch, `c${i}`]);
          await database.barrier!();
          expect(got).toContain(`c${i}`);
        }),
      );
    } finally {
      await Promise.all(writers.map((w) => w.end()));
    }
  });

  it('when the connection is lost: everything is reset, it listens again, and resets once more', async () => {
    const ch = channel();
    const got: string[] = [];
    let resets = 0;
    await database.listen!(
      ch,
      (p) => got.push(p),
      () => resets++,
    );
    const killed = await writer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
      [LISTENER_NAME],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    await until(() => resets >= 2);
    expect(errors.length).toBeGreaterThan(0);
    // Listening again: announcements arrive, and a barrier waits for them.
    await notify(ch, 'again');
    await database.barrier!();
    expect(got).toEqual(['again']);
  });
});
