import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQLChunk } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor, RawResult } from '../../db/client.js';
import { claimSweepCycle } from './sweep-cycles.js';

/** One job as its handler sees it: `retryCount` is 0 on the first attempt, `retryLimit` on the last. */
export type Job<T> = {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
  /** Aborted when the process shuts down or the job runs past its expiry: stop at the next safe point. */
  signal: AbortSignal;
};

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export type QueueSpec = {
  name: string;
  /** Retries after the first attempt; each waits about twice as long as the one before (back-off). */
  retryLimit: number;
  /** A job whose worker died (the process was killed) is retried once it has been active this long. */
  expireInSeconds: number;
  /** Where a job goes after its last failed attempt (a queue defined too): the place to record the failure. */
  deadLetter?: string;
  /** How often an idle worker looks for jobs; a job sent by this process wakes it at once. */
  pollingIntervalSeconds?: number;
};

type Defined = { spec: QueueSpec; handler: JobHandler<unknown>; workerId?: string };

export type JobsOptions = {
  /** Whether this process works the queues, or only sends jobs (a web-only process, or a test). */
  worker: boolean;
  /** Jobs of one queue worked at once by this process. */
  concurrency: number;
  /** The first retry's delay; later ones back off from it. */
  retryDelaySeconds: number;
  /** The database schema of pg-boss's tables. */
  schema: string;
  /** Every sweep's cycle instead of its own (tests). */
  sweepEveryMs?: number;
  log: FastifyBaseLogger;
  /** Where failures are counted (docs/deploy.md, Metrics). */
  metrics?: { jobFailed(queue: string): void; sweepFailed(sweep: string): void };
};

/** pg-boss's `db` adapter over raw SQL: its schema install sends several statements in one text. */
const adapter = (run: (text: string, values?: unknown[]) => Promise<RawResult>) => ({
  executeSql: (text: string, values?: unknown[]) => run(text, values),
});

/**
 * A drizzle transaction as pg-boss's `db`: a job sent through it is inserted in that transaction, so it
 * exists exactly when the rows it is about do. pg-boss numbers its parameters ($1, $2 …); they are handed
 * to drizzle as parameters in order.
 */
function inTransaction(tx: Executor) {
  return adapter(async (text, values = []) => {
    const chunks: SQLChunk[] = [];
    let last = 0;
    for (const m of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(last, m.index)), sql`${values[Number(m[1]) - 1] ?? null}`);
      last = m.index + m[0].length;
    }
    chunks.push(sql.raw(text.slice(last)));
    const result = (await tx.execute(sql.join(chunks))) as unknown as {
      rows: Record<string, unknown>[];
      rowCount?: number | null;
      affectedRows?: number;
    };
    return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
  });
}

/**
 * Background jobs on pg-boss, in the app's own database (PGlite or PostgreSQL), so they survive a restart:
 * retries with back-off, expiry of jobs whose worker died, a dead-letter queue for the last failure.
 * Queues are defined before `start`; jobs are sent inside the transaction that makes them necessary.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Defined>();
  private readonly running = new Map<AbortController, Promise<void>>();
  /** pg-boss's own queries in flight: `stop` lets them finish before the database may close. */
  private readonly queries = new Set<Promise<unknown>>();
  private started = false;
  private closed = false;
  private readonly sweeps: { name: string; intervalMs: number; run: () => Promise<unknown> }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly sweeping = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly opts: JobsOptions,
  ) {
    this.boss = new PgBoss({
      db: adapter((text, values) => this.query(text, values)),
      schema: opts.schema,
      // No cron schedules; maintenance (expiring jobs of dead workers, archiving) only where jobs are worked.
      schedule: false,
      supervise: opts.worker,
      maintenanceIntervalSeconds: 60,
    });
    // pg-boss reports its own failures (a poll that hit a closing database …) as events, never as crashes.
    this.boss.on('error', (err) => {
      if (!this.closed) opts.log.warn({ err }, 'job queue error');
    });
  }

  private query(text: string, values?: unknown[]) {
    if (this.closed) return Promise.reject(new Error('the job queue is stopped'));
    const q = this.database.sql(text, values);
    this.queries.add(q);
    const forget = () => this.queries.delete(q);
    q.then(forget, forget);
    return q;
  }

  get working() {
    return this.opts.worker;
  }

  /**
   * A periodic sweep (close expired orders, monthly grants, daily settlements): `run` once per cycle of
   * `intervalMs` among all the processes that work jobs on this database (the cycle is claimed in the
   * database: docs/scaling.md, Sweeps), never two runs of one sweep at once in a process. Each process looks
   * twice a cycle, so a cycle is missed only if every worker is down through it. A run that fails is not
   * repeated in its cycle (the next one catches up): a sweep must be idempotent and safe under concurrency
   * (each tests that by calling its function directly, several times at once). Starts with the queues, stops
   * with them.
   */
  every(spec: { name: string; intervalMs: number }, run: () => Promise<unknown>) {
    if (this.started) throw new Error(`sweep ${spec.name} defined after start`);
    this.sweeps.push({ ...spec, intervalMs: this.opts.sweepEveryMs ?? spec.intervalMs, run });
  }

  private startSweeps() {
    for (const sweep of this.sweeps) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy || this.closed) return;
        busy = true;
        const run = claimSweepCycle(this.database, sweep.name, sweep.intervalMs)
          .then(async (cycle) => {
            if (cycle === null || this.closed) return;
            this.opts.log.debug({ sweep: sweep.name, cycle }, 'sweep');
            await sweep.run();
          })
          .catch((err: unknown) => {
            this.opts.metrics?.sweepFailed(sweep.name);
            this.opts.log.warn({ err, sweep: sweep.name }, 'sweep failed');
          })
          .finally(() => {
            busy = false;
            this.sweeping.delete(run);
          });
        this.sweeping.add(run);
      }, sweep.intervalMs / 2);
      timer.unref();
      this.timers.push(timer);
    }
  }

  define<T>(spec: QueueSpec, handler: JobHandler<T>) {
    if (this.started) throw new Error(`queue ${spec.name} defined after start`);
    this.queues.set(spec.name, { spec, handler: handler as JobHandler<unknown> });
  }

  async start() {
    await this.boss.start();
    this.started = true;
    // Dead-letter queues first: a queue refers to its dead letter by name.
    const specs = [...this.queues.values()].map((q) => q.spec);
    specs.sort((a, b) => Number(!!a.deadLetter) - Number(!!b.deadLetter));
    for (const spec of specs) {
      const options = {
        name: spec.name,
        retryLimit: spec.retryLimit,
        retryDelay: this.opts.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds,
        ...(spec.deadLetter ? { deadLetter: spec.deadLetter } : {}),
      };
      await this.boss.createQueue(spec.name, options);
      await this.boss.updateQueue(spec.name, options);
    }
    if (!this.opts.worker) return;
    this.startSweeps();
    if (this.database.kind === 'pglite') await this.recoverOrphans();
    for (const q of this.queues.values()) await this.work(q);
  }

  /**
   * The embedded database has one process: a job still active when it starts was cut off by a crash or a
   * kill, so it is failed now (and retried) instead of waiting out its expiry.
   */
  private async recoverOrphans() {
    for (const name of this.queues.keys()) {
      const { rows } = await this.database.sql(
        `SELECT id FROM ${this.opts.schema}.job WHERE name = $1 AND state = 'active'`,
        [name],
      );
      const ids = rows.map((r) => String(r.id));
      if (ids.length) {
        this.opts.log.warn({ queue: name, jobs: ids.length }, 'retrying jobs cut off by a restart');
        for (const id of ids) await this.boss.fail(name, id, { message: 'cut off by a restart' });
      }
    }
  }

  private async work(q: Defined) {
    const { name, pollingIntervalSeconds = 2 } = q.spec;
    const batchSize = this.opts.concurrency;
    q.workerId = await this.boss.work<unknown>(
      name,
      { batchSize, pollingIntervalSeconds, includeMetadata: true },
      async (jobs) => {
        // A full batch means more may be waiting: fetch again at once rather than after the interval.
        if (jobs.length === batchSize && q.workerId) this.boss.notifyWorker(q.workerId);
        await Promise.all(jobs.map((job) => this.run(q, job)));
      },
    );
  }

  /** One job: left to complete with its batch, or failed (retried while it has retries left). Never throws. */
  private run(q: Defined, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const name = q.spec.name;
    const fail = (message: string) =>
      this.boss
        .fail(name, job.id, { message })
        .then(() => undefined)
        .catch((err: unknown) => this.opts.log.warn({ err, queue: name }, 'could not mark a job failed'));
    // Fetched while stopping: handed back (as a failed attempt, retried later) rather than started.
    if (!this.started) return fail('the job queue was stopping');
    const controller = new AbortController();
    const expiry = setTimeout(() => controller.abort(), Math.max(1, job.expireInSeconds) * 1000);
    const done = (async () => {
      try {
        await q.handler({
          id: job.id,
          data: job.data,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          signal: controller.signal,
        });
        // Completed with its batch by pg-boss (one statement for the batch); a failed one is failed here.
      } catch (err) {
        this.opts.metrics?.jobFailed(name);
        this.opts.log.warn({ err, queue: name, job: job.id, attempt: job.retryCount + 1 }, 'job failed');
        await fail(err instanceof Error ? err.message : String(err));
      } finally {
        clearTimeout(expiry);
        this.running.delete(controller);
      }
    })();
    this.running.set(controller, done);
    return done;
  }

  /**
   * Sends a job. Inside a transaction (`tx`) it is written with the rows it belongs to; call `wake` after the
   * commit so this process's worker picks it up at once.
   */
  async send<T extends object>(name: string, data: T, tx?: Executor): Promise<void> {
    await this.boss.send(name, data, tx ? { db: inTransaction(tx) } : {});
  }

  /** Jobs waiting, running or failed, per queue and state: read when metrics are scraped. */
  async depth(): Promise<{ queue: string; state: string; count: number }[]> {
    if (this.closed) return [];
    const { rows } = await this.query(
      `SELECT name, state::text AS state, count(*)::int AS n FROM ${this.opts.schema}.job
       WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
    );
    return rows.map((r) => ({ queue: String(r.name), state: String(r.state), count: Number(r.n) }));
  }

  /** Makes this process's worker of a queue look for jobs now (after a commit that sent some). */
  wake(name: string) {
    const id = this.queues.get(name)?.workerId;
    if (id && this.started) this.boss.notifyWorker(id);
  }

  /**
   * Stops taking jobs and lets running ones finish; after `timeoutMs` they are aborted (and retried later).
   * Resolves once nothing of the queue touches the database any more: call it before the database closes.
   * At most about `timeoutMs` + 3 s, inside the 10 s a graceful shutdown allows.
   */
  async stop(timeoutMs = 5_000) {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    // A sweep in flight gets the same grace as a job; one still running after it is cut off by the
    // database closing, and its unfinished part is done by the next run (sweeps are idempotent).
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(this.sweeping), new Promise((r) => (grace = setTimeout(r, timeoutMs)))]);
    clearTimeout(grace);
    const abortAll = () => {
      for (const c of this.running.keys()) c.abort();
    };
    const aborting = setTimeout(abortAll, timeoutMs);
    try {
      await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs + 1_000 });
    } catch (err) {
      this.opts.log.warn({ err }, 'stopping the job queue failed');
    } finally {
      clearTimeout(aborting);
    }
    abortAll();
    // Handlers end, then their completions (which pg-boss does not await) land.
    const until = Date.now() + 2_000;
    while ((this.running.size || this.queries.size) && Date.now() < until) {
      await settled([...this.running.values(), ...this.queries], until - Date.now());
    }
    this.closed = true;
  }
}

/** Waits for the promises to settle, at most `ms`. */
async function settled(promises: Promise<unknown>[], ms: number) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(promises),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}
