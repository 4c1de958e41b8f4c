import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_target_idx').on(t.target, t.id), index('audit_log_actor_idx').on(t.actorId, t.id)],
);
