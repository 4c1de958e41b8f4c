import { ErrorCode, type topicBody } from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { AuditService } from '../admin/audit.service.js';
import { topicsRepository as repo, type TopicRow } from './topics.repository.js';

export type { TopicRow } from './topics.repository.js';
/** A topic as operators see it: with the number of published posts under it. */
export type AdminTopicRow = TopicRow & { postCount: number };
type TopicInput = z.infer<typeof topicBody>;

const taken = () => new AppError(ErrorCode.CONFLICT, '话题已存在');

/** A Postgres error (or one it caused) of this code on this constraint. */
function violates(err: unknown, code: string, constraint?: string): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === code && (constraint === undefined || e.constraint === constraint)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A fresh install's topics, in this order (docs/community.md, Topics); operators change them afterwards. */
const SEED_TOPICS = [
  '灵感分享',
  '效率办公',
  '学习成长',
  '创意写作',
  '情感陪伴',
  '角色扮演',
  '编程开发',
  '生活妙招',
];

/** Topics (#话题): the list operators keep (docs/community.md, Topics). */
export class TopicsService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: { audit: AuditService },
  ) {}

  /** Seeds the starting topics once, on a database where no topic was ever created (deleted ones stay gone). */
  async bootstrap() {
    if (await repo.everCreated(this.ctx.db)) return;
    const createdAt = this.ctx.clock.now();
    for (const [i, name] of SEED_TOPICS.entries()) {
      await repo.insert(this.ctx.db, { name, sort: (i + 1) * 10, enabled: true, createdAt });
    }
  }

  /** The topics users pick from and browse: the enabled ones, in the operators' order. */
  list(): Promise<TopicRow[]> {
    return repo.enabled(this.ctx.db);
  }

  /** Every topic, disabled ones too, with its published posts counted. */
  adminList(): Promise<AdminTopicRow[]> {
    return repo.withPostCounts(this.ctx.db);
  }

  async create(actorId: number, input: TopicInput): Promise<AdminTopicRow> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await repo.insert(tx, { ...input, createdAt: this.ctx.clock.now() });
      if (!row) throw taken();
      await this.deps.audit.record(tx, {
        actorId,
        action: 'topic.create',
        target: `topic:${row.id}`,
        detail: { ...input },
      });
      return { ...row, postCount: 0 };
    });
  }

  /** Renames, reorders, enables or disables a topic; a disabled one leaves the list users pick from. */
  async update(actorId: number, id: number, input: TopicInput): Promise<AdminTopicRow> {
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const before = await repo.lockedById(tx, id);
        if (!before) throw AppError.notFound('话题不存在');
        const row = (await repo.update(tx, id, input))!;
        await this.deps.audit.record(tx, {
          actorId,
          action: 'topic.update',
          target: `topic:${id}`,
          detail: { name: row.name },
          before: { name: before.name, sort: before.sort, enabled: before.enabled },
          after: { name: row.name, sort: row.sort, enabled: row.enabled },
        });
        return { ...row, postCount: await repo.postCount(tx, id) };
      });
    } catch (err) {
      if (violates(err, '23505', 'topics_name_idx')) throw taken();
      throw err;
    }
  }

  /**
   * Deletes a topic no post names; one that a post names (in any status) is refused: disabling it takes it
   * out of the list, and its posts keep showing it (docs/community.md, Topics).
   */
  async remove(actorId: number, id: number): Promise<void> {
    const inUse = () => new AppError(ErrorCode.CONFLICT, '已有帖子使用该话题，不能删除，可改为停用');
    try {
      await this.ctx.db.transaction(async (tx) => {
        const row = await repo.lockedById(tx, id);
        if (!row) throw AppError.notFound('话题不存在');
        if (await repo.used(tx, id)) throw inUse();
        await repo.delete(tx, id);
        await this.deps.audit.record(tx, {
          actorId,
          action: 'topic.delete',
          target: `topic:${id}`,
          detail: { name: row.name },
        });
      });
    } catch (err) {
      // A post naming the topic was published while it was being deleted: its foreign key refuses.
      if (violates(err, '23503')) throw inUse();
      throw err;
    }
  }
}
