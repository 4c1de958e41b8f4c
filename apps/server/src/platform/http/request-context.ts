import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The client's address as the server sees it (behind a trusted proxy: the forwarded one). */
    ip: string;
  }
}

/**
 * What a deep callee may need to know about the request it serves without every signature carrying it: today the
 * client's address, which the operators' audit log records (docs/admin.md, Audit log).
 */
export async function registerRequestContext(app: FastifyInstance) {
  await app.register(fastifyRequestContext, { hook: 'onRequest' });
  app.addHook('onRequest', async (req) => {
    requestContext.set('ip', req.ip);
  });
}

/** The address of the request being served, or null outside one (a job, the command line, a test's direct call). */
export function requestIp(): string | null {
  return requestContext.get('ip') ?? null;
}
