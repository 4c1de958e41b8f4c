import type { AdminUserRow } from '@lingxi/contract';
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/admin.js';
import type { TestApp } from './helpers.js';

/** The audit rows of a target (`user:42`), oldest first. */
export function auditOf(t: TestApp, target: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));
}

/** One of the operators' user actions (`disable`, `chips` …) as `token`, from `ip`. */
export function userAction<T = AdminUserRow>(
  t: TestApp,
  token: string,
  userId: number | string,
  action: string,
  body: unknown,
  o: { ip?: string; headers?: Record<string, string> } = {},
) {
  return t.call<T>('POST', `/api/v1/admin/user/${userId}/${action}`, { token, body, ...o });
}
