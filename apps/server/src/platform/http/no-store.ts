import type { FastifyInstance } from 'fastify';

/**
 * An answer that depends on who asks is never stored by a browser, proxy or CDN: any answer of a route that
 * reads the token (auth required, optional or admin; with or without one, since a shared cache cannot tell
 * the anonymous answer from a user's), and any answer to a request that carries a token. A route that set
 * its own Cache-Control keeps it (media is the same for everyone; a download says private, no-store).
 * Streams set theirs in sse.ts. docs/product.md, Client contract.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (req.routeOptions.config?.auth || req.headers.token !== undefined) {
      reply.header('cache-control', 'no-store');
    }
  });
}
