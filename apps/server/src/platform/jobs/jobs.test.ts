import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { type Database, openDatabase } from '../../db/client.js';
import { TEMPLATE_FILE } from '../../../test/paths.js';
import { type Job, JobQueue } from './jobs.js';

const log = pino({ level: 'silent' });
/** A schema of its own per test: on PostgreSQL the run's tests share one database. */
const schema = () => `pgboss_t${randomUUID().replaceAll('-', '').slice(0, 12)}`;

type Data = { n: number };

/** The run's PostgreSQL, or PGlite from the test template. */
const openTestDatabase = () =>
  process.env.DATABASE_URL
    ? openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' })
    : openDatabase({ dataDir: '', template: new Blob([readFileSync(TEMPLATE_FILE)]) });

async function until<T>(fn: () => T | Promise<T>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the job queue (pg-boss on the app database)', () => {
  const open: { db: Database; jobs: JobQueue[] }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      for (const j of o.jobs) await j.stop(500);
      await o.db.close();
    }
  });

  async function setup(opts: { worker?: boolean; schema?: string; db?: Database } = {}) {
    const db = opts.db ?? (await openTestDatabase());
    const jobs = new JobQueue(db, {
      worker: opts.worker ?? true,
      concurrency: 2,
      retryDelaySeconds: 1,
      schema: opts.schema ?? schema(),
      log,
    });
    const entry = open.find((o) => o.db === db) ?? { db, jobs: [] };
    if (!open.includes(entry)) open.push(entry);
    entry.jobs.push(jobs);
    return { db, jobs };
  }

  it('sends a job inside a transaction: rolled back, it never runs; committed, it runs at once', async () => {
    const { db, jobs } = await setup();
    const seen: number[] = [];
    jobs.define<Data>(
      { name: 'work', retryLimit: 0, expireInSeconds: 60, pollingIntervalSeconds: 30 },
      async (j) => {
        seen.push(j.data.n);
      },
    );
    await jobs.start();
    await db.db
      .transaction(async (tx) => {
        await jobs.send('work', { n: 1 }, tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await jobs.send('work', { n: 2 }, tx);
    });
    const started = Date.now();
    jobs.wake('work');
    await until(() => seen.length > 0);
    // Woken, not polled: the polling interval is 30 s.
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([2]);
  });

  it('retries a failing job with back-off, then hands it to its dead-letter queue', async () => {
    const { jobs } = await setup();
    const attempts: { retryCount: number; retryLimit: number; at: number }[] = [];
    const dead: Data[] = [];
    jobs.define<Data>(
      { name: 'dead', retryLimit: 0, expireInSeconds: 60, pollingIntervalSeconds: 0.5 },
      async (j) => {
        dead.push(j.data);
      },
    );
    jobs.define<Data>(
      { name: 'flaky', retryLimit: 2, expireInSeconds: 60, deadLetter: 'dead', pollingIntervalSeconds: 0.5 },
      async (j: Job<Data>) => {
        attempts.push({ retryCount: j.retryCount, retryLimit: j.retryLimit, at: Date.now() });
        throw new Error('upstream down');
      },
    );
    await jobs.start();
    await jobs.send('flaky', { n: 7 });
    jobs.wake('flaky');
    await until(() => dead.length > 0, 20_000);
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    expect(attempts.every((a) => a.retryLimit === 2)).toBe(true);
    // 1 s, then about twice that (with jitter): each wait at least the delay.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_800);
    expect(dead).toEqual([{ n: 7 }]);
  });

  it('keeps a job sent without a worker for the next process that works the queue', async () => {
    const name = schema();
    const first = await setup({ worker: false, schema: name });
    const noop = async () => undefined;
    first.jobs.define<Data>({ name: 'later', retryLimit: 1, expireInSeconds: 60 }, noop);
    await first.jobs.start();
    await first.jobs.send('later', { n: 3 });
    await first.jobs.stop();

    const seen: number[] = [];
    const second = await setup({ schema: name, db: first.db });
    second.jobs.define<Data>(
      { name: 'later', retryLimit: 1, expireInSeconds: 60, pollingIntervalSeconds: 0.5 },
      async (j) => {
        seen.push(j.data.n);
      },
    );
    await second.jobs.start();
    await until(() => seen.length > 0);
    expect(seen).toEqual([3]);
  });

  it('stops before the database closes: a running job finishes, a stuck one is aborted and retried later', async () => {
    const name = schema();
    const { db, jobs } = await setup({ schema: name });
    let finished = 0;
    let aborted = 0;
    jobs.define<Data>(
      { name: 'slow', retryLimit: 2, expireInSeconds: 60, pollingIntervalSeconds: 0.5 },
      async (j) => {
        if (j.data.n === 1) {
          await new Promise((r) => setTimeout(r, 300));
          finished++;
          return;
        }
        await new Promise<void>((resolve) => j.signal.addEventListener('abort', () => resolve()));
        aborted++;
        throw new Error('aborted');
      },
    );
    await jobs.start();
    await jobs.send('slow', { n: 1 });
    await jobs.send('slow', { n: 2 });
    jobs.wake('slow');
    await new Promise((r) => setTimeout(r, 150));
    await jobs.stop(1_000);
    expect({ finished, aborted }).toEqual({ finished: 1, aborted: 1 });
    const { rows } = await db.sql(
      `SELECT data, state FROM ${name}.job WHERE name = 'slow' ORDER BY data->>'n'`,
    );
    expect(rows.map((r) => r.state)).toEqual(['completed', 'retry']);
  });
});
