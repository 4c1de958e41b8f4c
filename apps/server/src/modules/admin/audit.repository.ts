import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/admin.js';

export type AuditRow = typeof auditLog.$inferSelect;

export const auditRepository = {
  async insert(db: Executor, row: typeof auditLog.$inferInsert) {
    await db.insert(auditLog).values(row);
  },
};
