import { ErrorCode, ErrorMessage } from '@lingxi/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { fail } from './envelope.js';

const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/** Fastify's own client errors, in the user's language. */
const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [ErrorCode.BAD_REQUEST, '请求内容不是有效的JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [ErrorCode.BAD_REQUEST, '请求内容不能为空'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [ErrorCode.BAD_REQUEST, '不支持的请求内容类型'],
  FST_ERR_CTP_BODY_TOO_LARGE: [ErrorCode.PAYLOAD_TOO_LARGE, ErrorMessage.PAYLOAD_TOO_LARGE],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [ErrorCode.BAD_REQUEST, '请求长度不正确'],
  FST_ERR_VALIDATION: [ErrorCode.BAD_REQUEST, ErrorMessage.BAD_REQUEST],
};

/**
 * One error handler: business errors and bad input are HTTP 200 envelopes with a non-zero code and a Chinese
 * message; anything else is a bug, answered 500 with nothing of the internals and logged with its stack.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error envelopes do not follow a route's success schema: send them as plain JSON. A custom serializer
    // makes Fastify leave the content type unset, so it is set here.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      return reply.status(200).send(fail(error.code, error.message, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'body' && request.body === undefined) {
        return reply.status(200).send(fail(ErrorCode.BAD_REQUEST, '请求内容不能为空'));
      }
      const issues = error.validation.map((v) => ({
        field: fieldOf(v.instancePath),
        message: v.message ?? ErrorMessage.BAD_REQUEST,
      }));
      const first = issues[0]!;
      return reply
        .status(200)
        .send(fail(ErrorCode.BAD_REQUEST, first.message, { field: first.field, issues }));
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(200).send(fail(known[0], known[1]));
    if (error.statusCode === 429) {
      return reply.status(200).send(fail(ErrorCode.RATE_LIMITED, '请求过于频繁，请稍后再试'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error');
      return reply.status(200).send(fail(ErrorCode.BAD_REQUEST, ErrorMessage.BAD_REQUEST));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(ErrorCode.INTERNAL, ErrorMessage.INTERNAL));
  });
}
