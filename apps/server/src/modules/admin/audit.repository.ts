import { and, asc, count, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/admin.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** What the operators' log is narrowed by; each filter an index's range (docs/admin.md, Audit log). */
export type AuditFilter = {
  actorId?: number;
  /** An action (`bot.approve`), or every action of an area (`bot.`). */
  action?: string;
  /** A target (`bot:42`), or every target of a type (`bot:`). */
  target?: string;
  from?: Date;
  to?: Date;
  /** Text inside the action or the target. */
  text?: string;
};

/** `text` as a LIKE pattern matching itself literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: AuditFilter): SQL | undefined {
  const exactOrPrefix = (
    column: typeof auditLog.action | typeof auditLog.target,
    value: string,
    end: string,
  ) => (value.endsWith(end) ? like(column, `${literal(value)}%`) : eq(column, value));
  return and(
    f.actorId !== undefined ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? exactOrPrefix(auditLog.action, f.action, '.') : undefined,
    f.target ? exactOrPrefix(auditLog.target, f.target, ':') : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
    f.text
      ? or(ilike(auditLog.action, `%${literal(f.text)}%`), ilike(auditLog.target, `%${literal(f.text)}%`))
      : undefined,
  );
}

export const auditRepository = {
  async insert(db: Executor, row: typeof auditLog.$inferInsert) {
    await db.insert(auditLog).values(row);
  },

  /** A page of the log, newest first (or oldest first): audit_log_at_idx, or the filter's own index. */
  async list(db: Executor, f: AuditFilter, w: { limit: number; offset: number; order: 'asc' | 'desc' }) {
    const by = w.order === 'asc' ? asc : desc;
    return db
      .select()
      .from(auditLog)
      .where(whereOf(f))
      .orderBy(by(auditLog.at), by(auditLog.id))
      .limit(w.limit)
      .offset(w.offset);
  },

  async count(db: Executor, f: AuditFilter) {
    const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(f));
    return Number(row?.n ?? 0);
  },
};
