import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read your writes across the announcement's delay (docs/scaling.md, Read your writes): on PostgreSQL a
 * change is announced after its commit, asynchronously, so before a request that may have changed something
 * answers, this process waits until it has handled every announcement committed so far (its own included).
 * The client's next request, served by this process, then never meets a cache entry its own write outdated.
 * Streams (a chat reply) are hijacked and skip this: they forget what they changed themselves.
 */
export function registerBarrier(app: FastifyInstance, barrier: (() => Promise<void>) | undefined) {
  if (!barrier) return;
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!READS.has(req.method)) await barrier();
    return payload;
  });
}
