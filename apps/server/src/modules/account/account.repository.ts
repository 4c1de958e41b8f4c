import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { chinaDayOf, dailyFigure } from '../../db/china-day.js';
import { deletedAccountPhones, sessions, smsCodes, userActiveDays, users } from '../../db/schema/account.js';

export type UserRow = typeof users.$inferSelect;
/** A user as account writes it: the balance columns are the wallet's, and only its repository writes them. */
export type NewUser = Omit<typeof users.$inferInsert, 'chips' | 'chipsHeld'>;
export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type SmsPurpose = SmsCodeRow['purpose'];

const sessionByTokenHash = preparedPerDb((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastUsedAt: sessions.lastUsedAt,
      revokedAt: sessions.revokedAt,
      role: users.role,
      status: users.status,
      vipExpiresAt: users.vipExpiresAt,
      registeredAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token_hash'),
);

export const accountRepository = {
  async userById(db: Executor, id: number) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /** What anyone may see of these users: their name and avatar. */
  async publicProfiles(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
      .from(users)
      .where(inArray(users.id, ids));
  },

  /** Whether the user exists and has not deleted their account. */
  async isLiving(db: Executor, id: number) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), sql`${users.status} <> 'deleted'`));
    return row !== undefined;
  },

  /** What an operator sees of these users beside their orders and withdrawals. */
  async briefs(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: users.id, nickname: users.nickname, phone: users.phone })
      .from(users)
      .where(inArray(users.id, ids));
  },

  async inviteRelation(db: Executor, id: number) {
    const [row] = await db
      .select({
        id: users.id,
        phone: users.phone,
        status: users.status,
        invitedBy: users.invitedBy,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },

  async inviteeCount(db: Executor, inviterId: number) {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, inviterId));
    return row?.n ?? 0;
  },

  async userByPhone(db: Executor, phone: string) {
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    return row;
  },

  async userByInviteCode(db: Executor, inviteCode: string) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode));
    return row;
  },

  /** Inserts unless the phone or the invite code is taken; returns undefined then. */
  async insertUser(db: Executor, user: NewUser) {
    const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
    return row;
  },

  async updateUser(db: Executor, id: number, patch: Partial<NewUser>) {
    const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
    return row;
  },

  async insertSmsCode(db: Executor, code: typeof smsCodes.$inferInsert) {
    const [row] = await db.insert(smsCodes).values(code).returning({ id: smsCodes.id });
    return row!;
  },

  async deleteSmsCode(db: Executor, id: number) {
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
  },

  /** Retires every live code of a phone and purpose: only the newest code may log in. */
  async retireSmsCodes(db: Executor, phone: string, purpose: SmsPurpose, at: Date) {
    await db
      .update(smsCodes)
      .set({ consumedAt: at })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
  },

  /** The newest live code, locked for the rest of the transaction. */
  async liveSmsCodeForUpdate(db: Executor, phone: string, purpose: SmsPurpose) {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
      .orderBy(desc(smsCodes.id))
      .limit(1)
      .for('update');
    return row;
  },

  async updateSmsCode(db: Executor, id: number, patch: Partial<typeof smsCodes.$inferInsert>) {
    await db.update(smsCodes).set(patch).where(eq(smsCodes.id, id));
  },

  async deleteSmsCodesOfPhone(db: Executor, phone: string) {
    await db.delete(smsCodes).where(eq(smsCodes.phone, phone));
  },

  async insertSession(db: Executor, session: typeof sessions.$inferInsert) {
    const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
    return row!;
  },

  /** Every authenticated request runs this one. */
  async sessionByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await sessionByTokenHash(db).execute({ tokenHash });
    return row;
  },

  async touchSession(db: Executor, id: number, at: Date) {
    await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
  },

  /** The user used the app on this China day (once a day per session at most; a repeat changes nothing). */
  async markActive(db: Executor, day: string, userId: number) {
    await db.insert(userActiveDays).values({ day, userId }).onConflictDoNothing();
  },

  /** Signups per China day in [from, to): a range of users_created_idx. */
  async dailySignups(db: Executor, from: Date, to: Date) {
    const day = chinaDayOf(users.createdAt);
    const rows = await db
      .select({ day, n: count() })
      .from(users)
      .where(and(gte(users.createdAt, from), lt(users.createdAt, to)))
      .groupBy(day);
    return dailyFigure(rows);
  },

  /** Active users per China day, both ends inclusive: a range of the (day, user_id) key. */
  async dailyActive(db: Executor, fromDay: string, toDay: string) {
    const rows = await db
      .select({ day: userActiveDays.day, n: count() })
      .from(userActiveDays)
      .where(and(gte(userActiveDays.day, fromDay), lte(userActiveDays.day, toDay)))
      .groupBy(userActiveDays.day);
    return dailyFigure(rows);
  },

  /** Accounts deleted per China day in [from, to): a range of users_deleted_idx. */
  async dailyDeletions(db: Executor, from: Date, to: Date) {
    const day = chinaDayOf(users.deletedAt);
    const rows = await db
      .select({ day, n: count() })
      .from(users)
      .where(and(isNotNull(users.deletedAt), gte(users.deletedAt, from), lt(users.deletedAt, to)))
      .groupBy(day);
    return dailyFigure(rows);
  },

  /** Accounts that existed at `at` and were not deleted by then: reads every user (the dashboard keeps it). */
  async userCountAt(db: Executor, at: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(and(lt(users.createdAt, at), or(isNull(users.deletedAt), gte(users.deletedAt, at))));
    return Number(row?.n ?? 0);
  },

  async revokeSession(db: Executor, id: number, at: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },

  async revokeAllSessions(db: Executor, userId: number, at: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: at, userAgent: null, ip: null })
      .where(eq(sessions.userId, userId));
  },

  /** Remembers that a phone had an account (by its keyed hash), from its first deletion on. */
  async rememberDeletedPhone(db: Executor, phoneHash: string, at: Date) {
    await db.insert(deletedAccountPhones).values({ phoneHash, deletedAt: at }).onConflictDoNothing();
  },

  async phoneHadAccount(db: Executor, phoneHash: string) {
    const [row] = await db
      .select({ at: deletedAccountPhones.deletedAt })
      .from(deletedAccountPhones)
      .where(eq(deletedAccountPhones.phoneHash, phoneHash));
    return !!row;
  },
};
