import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Database, migrationsFolder } from '../../db/client.js';
import type { Redis } from '../redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process takes new work: main.ts flips it on SIGTERM (docs/deploy.md, Health). */
    readiness: Readiness;
  }
}

/** The one switch a shutdown flips: from then on /readyz fails, while requests in flight finish. */
export class Readiness {
  private draining = false;

  get shuttingDown() {
    return this.draining;
  }

  shutDown() {
    this.draining = true;
  }
}

/** How long a dependency may take to answer a probe before the instance counts as not ready. */
const PROBE_TIMEOUT_MS = 2_000;

const within = <T>(p: Promise<T>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]);
};

/** The migrations this build carries: the database is ready once it has at least these. */
function migrationsExpected(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * /livez: the process answers (never touches the database: a slow database must not get the process
 * restarted). /readyz: the database answers with this build's migrations applied, Redis answers when
 * configured, and the process is not shutting down; a proxy sends traffic only to ready instances.
 * docs/deploy.md, Health.
 */
export function registerHealth(app: FastifyInstance, deps: { database: Database; redis?: Redis }) {
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => readiness.shutDown());
  const expected = migrationsExpected();
  const hide = { schema: { hide: true } };

  app.get('/livez', hide, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ ok: true }),
  );

  app.get('/readyz', hide, async (_req, reply) => {
    const checks: Record<string, boolean> = { shutting_down: readiness.shuttingDown };
    const db = within(
      deps.database.sql('select count(*)::int as n from drizzle.__drizzle_migrations'),
      PROBE_TIMEOUT_MS,
    ).then(
      (r) => {
        checks.db = true;
        checks.migrations = Number(r.rows[0]?.n ?? 0) >= expected;
      },
      () => {
        checks.db = false;
        checks.migrations = false;
      },
    );
    const redis = deps.redis
      ? within(deps.redis.ping(), PROBE_TIMEOUT_MS).then(
          (pong) => (checks.redis = pong === 'PONG'),
          () => (checks.redis = false),
        )
      : undefined;
    await Promise.all([db, redis]);
    const ok = !checks.shutting_down && checks.db! && checks.migrations! && checks.redis !== false;
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ok, ...checks });
  });
}
