import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ts } from './columns.js';

export const feedback = pgTable('feedback', {
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
});
