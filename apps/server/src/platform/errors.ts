import { ErrorCode, ErrorMessage } from '@lingxi/contract';

/**
 * A business error: answered as HTTP 200 with a non-zero `code` and a Chinese `msg` (ARCHITECTURE.md, "The wire").
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string = ErrorMessage.BAD_REQUEST, data: unknown = null) {
    return new AppError(ErrorCode.BAD_REQUEST, message, data);
  }
  static notFound(message: string = ErrorMessage.NOT_FOUND) {
    return new AppError(ErrorCode.NOT_FOUND, message);
  }
  static forbidden(message: string = ErrorMessage.FORBIDDEN) {
    return new AppError(ErrorCode.FORBIDDEN, message);
  }
  static rateLimited(retryAfterSeconds: number, what = '操作') {
    return new AppError(ErrorCode.RATE_LIMITED, `${what}过于频繁，请${retryAfterSeconds}秒后再试`, {
      retry_after: retryAfterSeconds,
    });
  }
}
