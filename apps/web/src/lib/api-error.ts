import { NOT_LOGGED_IN_CODES } from '@lingxi/contract';

export type ApiErrorKind = 'business' | 'http' | 'network' | 'timeout' | 'aborted';

/** Every failed call rejects with one of these: `code` is the envelope code (or -1 without one). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly data: unknown;

  constructor(init: { message: string; code?: number; status?: number; kind: ApiErrorKind; data?: unknown }) {
    super(init.message);
    this.code = init.code ?? -1;
    this.status = init.status ?? 0;
    this.kind = init.kind;
    this.data = init.data;
  }

  get isNotLoggedIn(): boolean {
    return this.kind === 'business' && NOT_LOGGED_IN_CODES.includes(this.code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
