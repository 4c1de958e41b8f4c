import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Begins a graceful shutdown's first step (docs/scaling.md, Restarts): readiness fails, connections close. */
    drain(): void;
    readonly draining: boolean;
  }
}

/**
 * A graceful shutdown's first step, before the server stops accepting (docs/scaling.md, Restarts): `/healthz`
 * answers 503 so that a load balancer takes this process out, and every response closes its connection so
 * that no keep-alive connection is left for a request to race the close.
 */
export function registerReadiness(app: FastifyInstance) {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.decorate('draining', {
    getter: () => draining,
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}
