import { bigint, date, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

/** Every operator action: who did what to which target, with the details. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: ref('actor_id').references(() => users.id),
    action: text('action').notNull(),
    /** `type:id`, e.g. `bot:42`, `notice:7`. */
    target: text('target').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** What the target was before and after the action, where it changed something (a setting, a user's role). */
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    /** The operator's address; null for an action not made through the API (the command line). */
    ip: text('ip'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.target, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    // The log newest first, and a range of days.
    index('audit_log_at_idx').on(t.at, t.id),
  ],
);

/**
 * The dashboard's figures of finished China days (docs/admin.md, Dashboard): computed once from the source tables
 * and kept, so a 90-day chart reads 90 rows per figure whatever the size of the tables; today is counted live.
 */
export const dailyStats = pgTable(
  'daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    computedAt: ts('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);
