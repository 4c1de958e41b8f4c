import { ErrorCode, ErrorMessage } from '@lingxi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The viewer of a request, as its session knows them: what routes pass to services. */
export type AuthUser = {
  id: number;
  role: 'user' | 'admin';
  sessionId: number;
  vipExpiresAt: Date | null;
  /** When the account was created (broadcasts sent before it are not theirs). */
  registeredAt: Date;
};

/** Resolves a `token` header to its user, or throws the right "not logged in" error. */
export interface SessionResolver {
  resolve(token: string): Promise<AuthUser>;
}

/** Per-route: `config: { auth: 'required' | 'optional' | 'admin' }`; routes without it are public. */
export type AuthMode = 'required' | 'optional' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function registerAuth(app: FastifyInstance, sessions: SessionResolver) {
  app.decorateRequest('user', null);
  app.addHook('preValidation', async (request) => {
    const mode = request.routeOptions.config?.auth;
    if (!mode) return;
    const raw = request.headers.token;
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) {
      if (mode === 'optional') return;
      throw new AppError(ErrorCode.NO_TOKEN, ErrorMessage.NO_TOKEN);
    }
    try {
      request.user = await sessions.resolve(token);
    } catch (err) {
      if (mode === 'optional' && err instanceof AppError) return;
      throw err;
    }
    if (mode === 'admin' && request.user.role !== 'admin') throw AppError.forbidden();
  });
}

/** The logged-in user of a route declared `auth: 'required'` or `'admin'`. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(ErrorCode.NO_TOKEN, ErrorMessage.NO_TOKEN);
  return request.user;
}
