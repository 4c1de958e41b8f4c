import { hash, randomBytes } from 'node:crypto';
import { ErrorCode, ErrorMessage, OPERATOR_SESSION_IDLE_HOURS, SESSION_IDLE_DAYS } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AnnouncedCache } from '../../platform/announced-cache.js';
import { chinaDay } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser, SessionResolver } from '../../platform/http/auth.js';
import { accountRepository as repo } from './account.repository.js';

const IDLE_MS = SESSION_IDLE_DAYS * 86_400_000;
const OPERATOR_IDLE_MS = OPERATOR_SESSION_IDLE_HOURS * 3_600_000;
/** A session's last use is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => hash('sha256', token, 'hex');

type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.sessionByTokenHash>>>;

/**
 * Opaque random tokens, stored hashed, valid until 30 days without use, an operator's until 12 hours
 * (docs/product.md, Account; docs/admin.md, Access).
 */
export class SessionService implements SessionResolver {
  /** Sessions by token hash, only where the database announces their changes (see {@link start}). */
  private readonly cache = new AnnouncedCache<string, SessionRow>({
    max: 10_000,
    ttlMs: 0,
    announcedTtlMs: 10 * 60_000,
  });

  constructor(private readonly ctx: AppContext) {}

  /**
   * Sessions are read from memory after their first use. The database announces every change that could
   * end or alter a session (revoked or deleted; its user's role, status or VIP changed: triggers of migration
   * 0006), and that user's sessions leave the cache: the embedded database before the statement that made
   * the change returns, PostgreSQL to every process after the commit (a request that made the change waits
   * for it before answering: docs/scaling.md). A revoked token fails on its next request, as it did.
   */
  async start() {
    await this.cache.listen(this.ctx.listen, 'auth_changed', (payload) => {
      const userId = Number(payload);
      this.cache.forgetWhere((session) => session.userId === userId);
    });
  }

  private sessionOf(tokenHash: string) {
    return this.cache.get(tokenHash, () => repo.sessionByTokenHash(this.ctx.db, tokenHash));
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
    // A login is a day's activity (docs/admin.md, Dashboard: DAU).
    await repo.markActive(db, chinaDay(now), userId);
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
    if (idle > (session.role === 'admin' ? OPERATOR_IDLE_MS : IDLE_MS))
      throw new AppError(ErrorCode.TOKEN_EXPIRED, ErrorMessage.TOKEN_EXPIRED);
    if (session.status === 'disabled') {
      throw new AppError(ErrorCode.ACCOUNT_DISABLED, ErrorMessage.ACCOUNT_DISABLED);
    }
    // The first use of a session on a new China day counts its user active that day (DAU); touching the session
    // then makes every later request of the day skip this, so activity costs one write per session and day.
    const newDay = chinaDay(session.lastUsedAt) !== chinaDay(now);
    if (idle > TOUCH_EVERY_MS || newDay) {
      await repo.touchSession(this.ctx.db, session.id, now);
      session.lastUsedAt = now;
      if (newDay) await repo.markActive(this.ctx.db, chinaDay(now), session.userId);
    }
    return {
      id: session.userId,
      role: session.role,
      sessionId: session.id,
      vipExpiresAt: session.vipExpiresAt,
      registeredAt: session.registeredAt,
    };
  }

  async revoke(sessionId: number) {
    await repo.revokeSession(this.ctx.db, sessionId, this.ctx.clock.now());
  }
}
