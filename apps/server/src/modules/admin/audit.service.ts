import { ADMIN_EXPORT_MAX_ROWS, type AdminUserBrief, type auditQuery } from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { chinaDayRange } from '../../platform/clock.js';
import { type CountedPage, pageWindow } from '../../platform/http/admin-page.js';
import { requestIp } from '../../platform/http/request-context.js';
import type { AccountService } from '../account/account.service.js';
import { type AuditFilter, auditRepository as repo, type AuditRow } from './audit.repository.js';

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

/** A row of the log with who did it, as the console lists it. */
export type AuditListRow = AuditRow & { actor: AdminUserBrief | null };

export type AuditQuery = z.infer<typeof auditQuery>;

/**
 * The operators' audit log (docs/admin.md, Audit log): written in the same transaction as the action it records,
 * with the address of the request that made it; read newest first, narrowed by operator, action, target and day.
 */
export class AuditService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { account: AccountService },
  ) {}

  record(tx: Executor, entry: AuditEntry) {
    return repo.insert(tx, {
      ...entry,
      detail: entry.detail ?? {},
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: requestIp(),
      at: this.ctx.clock.now(),
    });
  }

  async list(q: AuditQuery): Promise<CountedPage<AuditListRow>> {
    const filter = filterOf(q);
    const window = { ...pageWindow(q), order: q.order ?? ('desc' as const) };
    const [rows, total] = await Promise.all([
      repo.list(this.ctx.db, filter, window),
      repo.count(this.ctx.db, filter),
    ]);
    return { rows: await this.withActors(rows), total };
  }

  /** What the CSV export holds: the list's filters, newest first, at most ADMIN_EXPORT_MAX_ROWS rows. */
  async exportRows(q: AuditQuery): Promise<AuditListRow[]> {
    const window = { limit: ADMIN_EXPORT_MAX_ROWS, offset: 0, order: q.order ?? ('desc' as const) };
    return this.withActors(await repo.list(this.ctx.db, filterOf(q), window));
  }

  private async withActors(rows: AuditRow[]): Promise<AuditListRow[]> {
    const ids = rows.map((r) => r.actorId).filter((id): id is number => id !== null);
    const actors = await this.deps.account.briefs(ids);
    return rows.map((r) => ({ ...r, actor: r.actorId === null ? null : (actors.get(r.actorId) ?? null) }));
  }
}

function filterOf(q: AuditQuery): AuditFilter {
  return {
    actorId: q.actor_id,
    action: q.action || undefined,
    target: q.target || undefined,
    from: q.from ? chinaDayRange(q.from).from : undefined,
    to: q.to ? chinaDayRange(q.to).to : undefined,
    text: q.q || undefined,
  };
}
