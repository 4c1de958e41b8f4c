import { hash, randomBytes } from 'node:crypto';
import { ErrorCode, ErrorMessage, SESSION_IDLE_DAYS } from '@lingxi/contract';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser, SessionResolver } from '../../platform/http/auth.js';
import { accountRepository as repo } from './account.repository.js';

const IDLE_MS = SESSION_IDLE_DAYS * 86_400_000;
/** A session's last use is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => hash('sha256', token, 'hex');

type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.sessionByTokenHash>>>;

/** Opaque random tokens, stored hashed, valid until 30 days without use (PRODUCT.md, Account). */
export class SessionService implements SessionResolver {
  /** Sessions by token hash, where the database announces their changes (see {@link start}). */
  private cache: LRUCache<string, SessionRow> | null = null;
  /** Changes announced so far: a session read before one is not cached after it. */
  private changes = 0;

  constructor(private readonly ctx: AppContext) {}

  /**
   * With the embedded database, sessions are read from memory after their first use. The database
   * announces every change that could end or alter a session (revoked or deleted; its user's role, status
   * or VIP changed: triggers of migration 0006), before the statement that made it returns, and that
   * user's sessions leave the cache at once. A revoked token fails on its next request, as it did. With
   * PostgreSQL (possibly shared by several processes), every request reads its session.
   */
  async start() {
    if (!this.ctx.listen) return;
    await this.ctx.listen('auth_changed', (userId) => this.forgetUser(Number(userId)));
    this.cache = new LRUCache({ max: 10_000, ttl: 10 * 60_000 });
  }

  private forgetUser(userId: number) {
    this.changes++;
    for (const [key, session] of this.cache?.entries() ?? []) {
      if (session.userId === userId) this.cache!.delete(key);
    }
  }

  private async sessionOf(tokenHash: string) {
    const cached = this.cache?.get(tokenHash);
    if (cached) return cached;
    const changes = this.changes;
    const session = await repo.sessionByTokenHash(this.ctx.db, tokenHash);
    if (session && this.changes === changes) this.cache?.set(tokenHash, session);
    return session;
  }

  async create(db: Executor, userId: number, meta: { ip?: string; userAgent?: string }) {
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.clock.now();
    await repo.insertSession(db, {
      userId,
      tokenHash: hashToken(token),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      createdAt: now,
      lastUsedAt: now,
    });
    return token;
  }

  async resolve(token: string): Promise<AuthUser> {
    if (token.length > 200) throw new AppError(ErrorCode.TOKEN_INVALID, ErrorMessage.TOKEN_INVALID);
    const session = await this.sessionOf(hashToken(token));
    if (!session || session.revokedAt || session.status === 'deleted') {
      throw new AppError(ErrorCode.TOKEN_INVALID, ErrorMessage.TOKEN_INVALID);
    }
    const now = this.ctx.clock.now();
    const idle = now.getTime() - session.lastUsedAt.getTime();
    if (idle > IDLE_MS) throw new AppError(ErrorCode.TOKEN_EXPIRED, ErrorMessage.TOKEN_EXPIRED);
    if (session.status === 'disabled') {
      throw new AppError(ErrorCode.ACCOUNT_DISABLED, ErrorMessage.ACCOUNT_DISABLED);
    }
    if (idle > TOUCH_EVERY_MS) {
      await repo.touchSession(this.ctx.db, session.id, now);
      session.lastUsedAt = now;
    }
    return {
      id: session.userId,
      role: session.role,
      sessionId: session.id,
      vipExpiresAt: session.vipExpiresAt,
    };
  }

  async revoke(sessionId: number) {
    await repo.revokeSession(this.ctx.db, sessionId, this.ctx.clock.now());
  }
}
