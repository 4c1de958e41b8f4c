import type { Notice, Page, ReportBody } from '@lingxi/contract';
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/admin.js';
import { postReports, posts } from '../src/db/schema/community.js';
import { startTestApp, type TestApp } from './helpers.js';
import { makeAdmin } from './money.js';

/** An app on its socket with one operator (role admin). */
export async function startModerationApp() {
  const t = await (await startTestApp()).listen();
  const admin = await t.login();
  await makeAdmin(t.db, admin.user.id);
  return { t, admin };
}

/** `POST /api/v1/post/{id}/report` as the user. */
export const reportPost = (t: TestApp, token: string, postId: number, body: Partial<ReportBody> = {}) =>
  t.call('POST', `/api/v1/post/${postId}/report`, { token, body: { reason: 'spam', ...body } });

/** The post's row as stored. */
export async function postRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
  return row!;
}

/** The post's reports, oldest first. */
export const reportsOf = (t: TestApp, postId: number) =>
  t.db.select().from(postReports).where(eq(postReports.postId, postId)).orderBy(asc(postReports.id));

/** The operators' audit rows about `target` (`post:12`, `topic:3`), oldest first. */
export const auditOf = (t: TestApp, target: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));

/** The user's notices of a category, newest first (reading them marks the category read). */
export async function noticesOf(t: TestApp, token: string, category: 'system' | 'review') {
  const res = await t.call<Page<Notice>>('GET', `/api/v1/notice?category=${category}&limit=50`, { token });
  return res.body.data.list;
}
