import { ErrorCode, ErrorMessage } from '@lingxi/contract';

/** "60秒", "12分钟", "23小时5分钟": how long to wait, in words a user reads at a glance. */
export function formatWait(seconds: number): string {
  // Up to a minute in seconds, as the login page's 60 s countdown counts them.
  if (seconds <= 60) return `${seconds}秒`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes}分钟`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}小时${m}分钟` : `${h}小时`;
}

/**
 * A business error: answered as HTTP 200 with a non-zero `code` and a Chinese `msg`
 * (docs/architecture.md, A request's path).
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
    return new AppError(ErrorCode.RATE_LIMITED, `${what}过于频繁，请${formatWait(retryAfterSeconds)}后再试`, {
      retry_after: retryAfterSeconds,
    });
  }
}
