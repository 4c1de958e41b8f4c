import type { FeedbackBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { feedback } from '../../db/schema/feedback.js';
import { AppError } from '../../platform/errors.js';

const DAILY_LIMIT = 20;

/** The feedback inbox (`POST /api/v1/opinion`); operators read it in the console. */
export class FeedbackService {
  constructor(private readonly ctx: AppContext) {}

  async submit(input: FeedbackBody, who: { userId?: number; ip: string; userAgent?: string }) {
    const key = `opinion:${who.userId ?? who.ip}`;
    const verdict = await this.ctx.limiter.hit(key, DAILY_LIMIT, 86_400_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '反馈提交');
    const [row] = await this.ctx.db
      .insert(feedback)
      .values({
        userId: who.userId,
        type: input.type,
        content: input.content,
        contact: input.contact || null,
        userAgent: who.userAgent?.slice(0, 300),
        createdAt: this.ctx.clock.now(),
      })
      .returning({ id: feedback.id });
    return { id: row!.id };
  }
}
