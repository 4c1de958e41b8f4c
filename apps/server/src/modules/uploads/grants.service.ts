import { createHmac, randomBytes } from 'node:crypto';
import {
  ErrorCode,
  ErrorMessage,
  UPLOAD_GRANT_TTL_SECONDS,
  UPLOAD_RULES,
  type UploadPurpose,
} from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { DirectUpload } from '../../platform/storage/index.js';
import { type GrantRow, uploadsRepository as repo } from './uploads.repository.js';

/** A grant as issued: the token (shown this once), and where the file goes when not to this app. */
export type IssuedGrant = {
  token: string;
  purpose: UploadPurpose;
  expiresAt: Date;
  direct: DirectUpload | null;
};

const GRANTS_PER_HOUR = 60;
const HOUR_MS = 3_600_000;

const invalid = (message: string = ErrorMessage.UPLOAD_GRANT_INVALID) =>
  new AppError(ErrorCode.UPLOAD_GRANT_INVALID, message);
const expired = () => new AppError(ErrorCode.UPLOAD_GRANT_EXPIRED, ErrorMessage.UPLOAD_GRANT_EXPIRED);

/**
 * Upload grants: a random token handed to the client once and kept only as a keyed hash, good for one file of
 * one purpose for UPLOAD_GRANT_TTL_SECONDS. Spending it is one conditional UPDATE, so of two uploads with the
 * same token exactly one goes through, on any number of server processes.
 */
export class GrantsService {
  constructor(private readonly ctx: AppContext) {}

  private hash(token: string) {
    return createHmac('sha256', this.ctx.secret).update(`upload-grant:${token}`).digest('hex');
  }

  async issue(userId: number, purpose: UploadPurpose): Promise<IssuedGrant> {
    const { db, clock, storage, limiter } = this.ctx;
    const verdict = await limiter.hit(`upload-grant:${userId}`, GRANTS_PER_HOUR, HOUR_MS);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '上传');
    const rule = UPLOAD_RULES[purpose];
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + UPLOAD_GRANT_TTL_SECONDS * 1000);
    // Object storage takes the file straight from the browser into a staging key, checked on completion.
    const stagingKey = `tmp/${randomBytes(16).toString('base64url')}`;
    const direct = await storage.presignUpload(stagingKey, {
      maxBytes: rule.maxBytes,
      expiresInSeconds: UPLOAD_GRANT_TTL_SECONDS,
    });
    await repo.insertGrant(db, {
      userId,
      purpose,
      tokenHash: this.hash(token),
      maxBytes: rule.maxBytes,
      stagingKey: direct ? stagingKey : null,
      expiresAt,
      createdAt: now,
    });
    return { token, purpose, expiresAt, direct };
  }

  /** A live grant for the token, or the reason there is none. Spends nothing. */
  async check(token: string, expect: { userId?: number; purpose?: string }): Promise<GrantRow> {
    const grant = token ? await repo.grantByTokenHash(this.ctx.db, this.hash(token)) : undefined;
    // Someone else's grant reads as an unknown one.
    if (!grant || (expect.userId !== undefined && grant.userId !== expect.userId)) throw invalid();
    if (expect.purpose !== undefined && expect.purpose !== grant.purpose)
      throw invalid('上传凭证与上传用途不符');
    if (grant.usedAt) throw invalid(ErrorMessage.UPLOAD_GRANT_USED);
    if (grant.expiresAt <= this.ctx.clock.now()) throw expired();
    return grant;
  }

  /** Spends a checked grant; of concurrent spenders only one gets through. */
  async consume(grant: GrantRow): Promise<void> {
    const now = this.ctx.clock.now();
    if (await repo.consumeGrant(this.ctx.db, grant.id, now)) return;
    throw grant.expiresAt <= now ? expired() : invalid(ErrorMessage.UPLOAD_GRANT_USED);
  }
}
