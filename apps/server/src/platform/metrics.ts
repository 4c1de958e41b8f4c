import { collectDefaultMetrics, Counter, Gauge, Histogram, register, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { JobQueue } from './jobs/jobs.js';

/** Requests without a route (404s, the history fallback) share one label: labels stay bounded. */
export const UNMATCHED = '<unmatched>';
/** The web app's files (one route per file, renamed on every build) share one label. */
export const STATIC = '<static>';

/**
 * A route's label: its pattern (`/api/v1/bot/:id`), never the raw URL, so a scan of random paths adds no
 * series. docs/deploy.md, Metrics.
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return UNMATCHED;
  return pattern.startsWith('/api/') || pattern.startsWith('/media/') || !pattern.includes('.')
    ? pattern
    : STATIC;
}

type DbStats = ReturnType<NonNullable<Database['stats']>>;

let processMetrics = false;

/**
 * The app's Prometheus metrics. One registry per app (tests build several apps in one process); the
 * process's own metrics (CPU, memory, event loop, GC) are collected once per process, in prom-client's
 * global registry, and served with them.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly http = new Histogram({
    name: 'lingxi_http_request_duration_seconds',
    help: 'Requests by method, route pattern and status, with their time to the last byte',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    registers: [this.registry],
  });

  readonly sseOpen = new Gauge({
    name: 'lingxi_sse_streams_open',
    help: 'Server-sent event streams open now, by route pattern',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly firstToken = new Histogram({
    name: 'lingxi_stream_first_token_seconds',
    help: "From a streamed reply's request to its first delta written to the client, by route pattern",
    labelNames: ['route'] as const,
    buckets: [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 8, 13, 20, 30],
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'lingxi_job_failures_total',
    help: 'Failed attempts of background jobs, by queue (each retry counts)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly sweepFailures = new Counter({
    name: 'lingxi_sweep_failures_total',
    help: 'Failed runs of periodic sweeps, by sweep',
    labelNames: ['sweep'] as const,
    registers: [this.registry],
  });

  constructor() {
    if (!processMetrics) {
      processMetrics = true;
      collectDefaultMetrics({ register });
    }
  }

  jobFailed(queue: string) {
    this.jobFailures.inc({ queue });
  }

  sweepFailed(sweep: string) {
    this.sweepFailures.inc({ sweep });
  }

  /** Gauges read when scraped: the database's connections and the job queues' depth. */
  watch(deps: { database: Database; jobs: JobQueue; onError(err: unknown): void }) {
    const { database, jobs } = deps;
    const stats = database.stats;
    if (stats) {
      const gauge = (name: string, help: string, read: (s: DbStats) => number | undefined) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            const value = read(stats());
            if (value !== undefined) this.set(value);
          },
        });
      if (database.kind === 'postgres') {
        gauge('lingxi_db_pool_connections', 'PostgreSQL pool: connections open', (s) => s.total);
        gauge('lingxi_db_pool_idle_connections', 'PostgreSQL pool: connections idle', (s) => s.idle);
        gauge(
          'lingxi_db_pool_waiting_clients',
          'PostgreSQL pool: queries waiting for a connection',
          (s) => s.waiting,
        );
      } else {
        gauge(
          'lingxi_db_pending_queries',
          'Embedded database: statements sent to its thread, not answered',
          (s) => s.pending,
        );
      }
    }
    new Gauge({
      name: 'lingxi_jobs',
      help: 'Background jobs in the queue tables by queue and state (created, retry, active, failed)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const d of await jobs.depth()) this.set({ queue: d.queue, state: d.state }, d.count);
        } catch (err) {
          deps.onError(err);
        }
      },
    });
  }

  /** The text a scrape reads: the app's metrics, then the process's. */
  async text() {
    return `${await this.registry.metrics()}\n${await register.metrics()}`;
  }

  get contentType() {
    return this.registry.contentType;
  }
}
