import type { AdminBotReviewItem, MyBot, ReviewQueueItem } from '@lingxi/contract';
import type { BotWithCreator } from './bots.service.js';
import { presentBotSummary } from './bots.presenter.js';

/**
 * A bot as its creator (or a reviewer) sees it: with a pending edit, the edited settings, since that is what
 * the creator last saved and what waits for review; the live version keeps serving everyone else meanwhile.
 */
export function presentMyBot(b: BotWithCreator): MyBot {
  const c = b.pending ?? b;
  return {
    ...presentBotSummary({ ...b, ...c }),
    persona: c.persona,
    greeting: c.greeting,
    questions: c.questions,
    model_id: c.modelId,
    temperature: c.temperature,
    knowledge_base_ids: c.knowledgeBaseIds,
    visibility: b.visibility,
    status: b.status,
    pending_edit: b.pending !== null,
    reject_reason: b.rejectReason,
    updated_at: b.updatedAt.toISOString(),
  };
}

export function presentReviewItem(b: BotWithCreator): ReviewQueueItem {
  return {
    ...presentMyBot(b),
    creator_id: b.creatorId,
    submitted_at: (b.submittedAt ?? b.updatedAt).toISOString(),
  };
}

/** A queued bot for the console: as submitted, and the version serving users while an edit waits. */
export function presentAdminReviewItem(b: BotWithCreator): AdminBotReviewItem {
  return {
    ...presentReviewItem(b),
    live: b.pending
      ? {
          name: b.name,
          avatar: b.avatar,
          intro: b.intro,
          category: b.categoryId,
          tags: b.tags,
          persona: b.persona,
          greeting: b.greeting,
          questions: b.questions,
          model_id: b.modelId,
          temperature: b.temperature,
        }
      : null,
  };
}
