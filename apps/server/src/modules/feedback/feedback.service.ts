import type { FeedbackBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { feedbackRepository as repo } from './feedback.repository.js';

const DAILY_LIMIT = 20;

/** The feedback inbox (`POST /api/v1/opinion`); operators read it in the console. */
export class FeedbackService {
  constructor(private readonly ctx: AppContext) {}

  async submit(input: FeedbackBody, who: { userId?: number; ip: string; userAgent?: string }) {
    const key = `opinion:${who.userId ?? who.ip}`;
    const verdict = await this.ctx.limiter.hit(key, DAILY_LIMIT, 86_400_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '反馈提交');
    return repo.insert(this.ctx.db, {
      userId: who.userId,
      type: input.type,
      content: input.content,
      contact: input.contact || null,
      userAgent: who.userAgent?.slice(0, 300),
      createdAt: this.ctx.clock.now(),
    });
  }

  /** Personal data a user left in feedback: the contact detail goes with the account, in its transaction. */
  eraseContactsOf(tx: Executor, userId: number) {
    return repo.eraseContactsOf(tx, userId);
  }
}
