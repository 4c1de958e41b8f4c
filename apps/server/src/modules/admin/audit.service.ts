import type { Clock } from '../../platform/clock.js';
import type { Executor } from '../../db/client.js';
import { auditRepository as repo } from './audit.repository.js';

export type AuditEntry = {
  actorId: number;
  /** What was done, as `area.verb`: `bot.approve`, `notice.broadcast`. */
  action: string;
  /** `type:id` of what it was done to. */
  target: string;
  detail?: Record<string, unknown>;
};

/**
 * The operators' audit log (docs/product.md, Content and settings): written in the same transaction as the
 * action it records.
 */
export class AuditService {
  constructor(private readonly clock: Clock) {}

  record(tx: Executor, entry: AuditEntry) {
    return repo.insert(tx, { ...entry, detail: entry.detail ?? {}, at: this.clock.now() });
  }
}
