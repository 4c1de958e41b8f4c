import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Database, migrationsFolder } from '../../db/client.js';
import type { Redis } from '../redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A graceful shutdown's first step, before the server stops accepting: main.ts calls it on SIGTERM
     * (docs/scaling.md, Restarts).
     */
    drain(): void;
    /** Whether this process is shutting down: it takes no new work, requests in flight still finish. */
    readonly draining: boolean;
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
 * The process's health, in one place (docs/deploy.md, Health): /livez, the process answers (never touches the
 * database: a slow database must not get the process restarted); /readyz, the database answers with this
 * build's migrations applied, Redis answers when configured, and the process is not shutting down, so a proxy
 * sends traffic only to ready instances; /healthz, the older check (the database answers), kept for its
 * callers. Once draining (SIGTERM, or `app.close()`), /readyz and /healthz fail and every response closes its
 * connection, so that no keep-alive connection is left for a request to race the close (docs/scaling.md).
 */
export function registerHealth(app: FastifyInstance, deps: { database: Database; redis?: Redis }) {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.decorate('draining', { getter: () => draining });
  app.addHook('preClose', async () => app.drain());
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  const expected = migrationsExpected();
  const hide = { schema: { hide: true } };

  app.get('/livez', hide, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ ok: true }),
  );

  app.get('/healthz', hide, async (_req, reply) => {
    if (draining) return reply.code(503).send({ ok: false, draining: true });
    const ok = await deps.database.sql('select 1').then(
      () => true,
      () => false,
    );
    return reply.code(ok ? 200 : 503).send({ ok, db: deps.database.kind });
  });

  app.get('/readyz', hide, async (_req, reply) => {
    const checks: Record<string, boolean> = { shutting_down: draining };
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
