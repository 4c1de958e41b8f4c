import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@lingxi/contract';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.js';

/**
 * Requests refused before any route runs still answer the envelope (docs/product.md, Client contract).
 *
 * A URL the router cannot take (a percent-escape that is no UTF-8, a path parameter over 100 characters)
 * arrived whole: it is answered like any invalid parameter (HTTP 200, code 10001) and the connection stays
 * open for the next request.
 */
export function answerFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址中的参数过长' : '请求地址不正确';
  return reply.status(200).type('application/json; charset=utf-8').send(fail(ErrorCode.BAD_REQUEST, msg));
}

/** What Node's HTTP parser reports, as the status it must keep and the envelope a client reads. */
function answerOf(code: string | undefined): [status: number, code: number, msg: string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, ErrorCode.PAYLOAD_TOO_LARGE, '请求地址或请求头过长'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, ErrorCode.BAD_REQUEST, '请求超时，内容未能完整送达，请重试'];
    case 'HPE_INVALID_EOF_STATE':
      return [400, ErrorCode.BAD_REQUEST, '请求内容不完整，请重试'];
    default:
      return [400, ErrorCode.BAD_REQUEST, '请求格式不正确'];
  }
}

/** A client that neither reads nor closes is let go after this long. */
const LINGER_MS = 5000;
const answered = new WeakSet<Socket>();

/**
 * Errors of the connection itself: headers over 16 KB (431), a request that did not arrive in time (408: a
 * body shorter than its Content-Length, for one), bytes that are no HTTP (400). Where the request ends on the
 * wire is lost, so HTTP cannot go on on this connection: the envelope goes out with its 4xx status and
 * `Connection: close`, after any answer still due to an earlier request on it, and the connection then ends
 * with a FIN, not a reset (which can drop the answer before the client read it). A keep-alive client reads
 * the close and sends its next request on a new connection instead of losing it on this one.
 */
export function answerClientError(this: FastifyInstance, err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const [status, code, msg] = answerOf(err.code);
  this.log.debug({ err }, 'client error');
  const body = JSON.stringify(fail(code, msg));
  const answer = () => {
    if (!socket.writable) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  whenIdle(socket, answer);
}

/**
 * Runs `then` once no answer to an earlier request is being written on the socket. Node hands a pipelined
 * request's answer the socket when the one before it finishes, so this waits again until none is left. The
 * request that broke (its body cut short, or late) is answered here and now, unless its answer has begun.
 */
function whenIdle(socket: Socket, then: () => void) {
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!pending || pending.writableFinished) return then();
  if (!pending.req.complete) return pending.headersSent ? void socket.destroy() : then();
  let moved = false;
  const next = () => {
    if (moved || socket.destroyed) return;
    moved = true;
    setImmediate(() => whenIdle(socket, then));
  };
  pending.once('finish', next);
  pending.once('close', next);
}
