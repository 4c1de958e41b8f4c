import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A read slower than this is logged even when it succeeded. */
export const SLOW_READ_MS = 1_000;

/**
 * One line per request worth reading (docs/performance.md, Fast reads), in place of Fastify's two for every
 * request ("incoming request", "request completed"; about 6 % of the main thread under load): every write
 * (POST, PUT, DELETE), every answer with an HTTP error status, every read slower than SLOW_READ_MS, every request
 * whose client named it (`x-request-id`: it wants to find it) and every response that failed. A handled refusal
 * is HTTP 200 with its code in the envelope; unexpected errors are logged with their stack by the error handler;
 * Fastify's other lines (stream errors, …) are unchanged.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    const read = request.method === 'GET' || request.method === 'HEAD';
    const traced = request.headers['x-request-id'] !== undefined;
    if (read && !traced && reply.statusCode < 400 && reply.elapsedTime < SLOW_READ_MS) return;
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
