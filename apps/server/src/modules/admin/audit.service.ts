import type { Clock } from '../../platform/clock.js';
import type { Executor } from '../../db/client.js';
import { requestIp } from '../../platform/http/request-context.js';
import { auditRepository as repo } from './audit.repository.js';

export type AuditEntry = {
  actorId: number;
  /** What was done, as `area.verb`: `bot.approve`, `notice.broadcast`. */
  action: string;
  /** `type:id` of what it was done to. */
  target: string;
  detail?: Record<string, unknown>;
  /** The target before and after, where the action changed values an operator may want to compare. */
  before?: unknown;
  after?: unknown;
};

/**
 * The operators' audit log (docs/admin.md, Audit log): written in the same transaction as the action it records,
 * with the address of the request that made it.
 */
export class AuditService {
  constructor(private readonly clock: Clock) {}

  record(tx: Executor, entry: AuditEntry) {
    return repo.insert(tx, {
      ...entry,
      detail: entry.detail ?? {},
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: requestIp(),
      at: this.clock.now(),
    });
  }
}
