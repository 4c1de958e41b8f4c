import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../jobs/jobs.js';
import { type Metrics, routeLabel } from '../metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (platform/metrics.ts): SSE streams report through it. */
    metrics: Metrics;
  }
}

const privateNetworks = new BlockList();
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetworks.addSubnet('::1', 128, 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');
privateNetworks.addSubnet('fe80::', 10, 'ipv6');

/** Loopback or a private network (RFC 1918, IPv6 unique-local and link-local), IPv4-mapped forms too. */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateNetworks.check(mapped, 'ipv4');
  try {
    return privateNetworks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics (docs/deploy.md, Metrics). With METRICS_TOKEN: whoever sends
 * `Authorization: Bearer <token>`, from anywhere. Without: a scraper on this machine or its private network,
 * reaching the process directly: the TCP peer is private and no proxy forwarded the request (a proxy's
 * X-Forwarded-For or Forwarded is there, whatever the client sent), so the public never reads it through the
 * proxy, whose own address is private too.
 */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(given), digest(token));
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !proxied && isPrivateAddress(req.socket.remoteAddress);
}

/**
 * Counts every request in one `onResponse` hook (a histogram observe: the hot path's only cost), serves
 * /metrics, and watches the database and the job queues when scraped. Register before the routes.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  deps: { database: Database; jobs: JobQueue; token?: string },
) {
  app.decorate('metrics', metrics);
  metrics.watch({
    database: deps.database,
    jobs: deps.jobs,
    onError: (err) => app.log.warn({ err }, 'metrics: could not read the job queues'),
  });
  const http = metrics.http;
  app.addHook('onResponse', (req, reply, done) => {
    http.observe(
      { method: req.method, route: routeLabel(req.routeOptions.url), status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metricsAllowed(req, deps.token)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
