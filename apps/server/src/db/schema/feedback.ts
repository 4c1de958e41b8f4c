import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ts } from './columns.js';

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    type: text('type').notNull(),
    content: text('content').notNull(),
    contact: text('contact'),
    userAgent: text('user_agent'),
    status: text('status', { enum: ['open', 'handled'] })
      .notNull()
      .default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The operator who marked it handled, when, and the reply sent to the user as a system notice, if any. */
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => users.id),
    handledAt: ts('handled_at'),
    reply: text('reply'),
  },
  (t) => [
    // The console's inbox (docs/admin.md, Content): a status tab, newest first; handled ones by when.
    index('feedback_status_idx').on(t.status, t.id),
    index('feedback_handled_idx')
      .on(t.handledAt)
      .where(sql`${t.handledAt} is not null`),
    // A user's feedback, for their account's deletion (the contacts go with it).
    index('feedback_user_idx').on(t.userId),
  ],
);
