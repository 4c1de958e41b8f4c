import { and, asc, count, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema/account.js';

/** What the user list filters by (docs/admin.md, Users). */
export type UserFilter = {
  /** A phone or its first digits, part of a nickname, or an id. */
  q?: string;
  status?: 'active' | 'disabled' | 'deleted';
  role?: 'user' | 'admin';
  vip?: 'yes' | 'no';
  /** The moment `vip` is judged at. */
  now: Date;
};
export type UserSort = { sort?: 'created_at' | 'chips'; order?: 'asc' | 'desc' };

/** A phone has 11 digits; a prefix is matched as a range of the unique index, not a LIKE (no pattern index). */
const PHONE_DIGITS = 11;
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchOf(q: string): SQL | undefined {
  const nickname = sql`${users.nickname} ilike ${`%${likeEscaped(q)}%`}`;
  if (!/^\d+$/.test(q)) return nickname;
  const id = Number(q);
  return or(
    nickname,
    Number.isSafeInteger(id) && id > 0 ? eq(users.id, id) : undefined,
    q.length <= PHONE_DIGITS
      ? and(sql`${users.phone} >= ${q}`, sql`${users.phone} <= ${q.padEnd(PHONE_DIGITS, '9')}`)
      : undefined,
  );
}

function whereOf(f: UserFilter): SQL | undefined {
  return and(
    f.q ? searchOf(f.q) : undefined,
    f.status ? eq(users.status, f.status) : undefined,
    f.role ? eq(users.role, f.role) : undefined,
    f.vip === 'yes' ? gt(users.vipExpiresAt, f.now) : undefined,
    f.vip === 'no' ? or(isNull(users.vipExpiresAt), lte(users.vipExpiresAt, f.now)) : undefined,
  );
}

function orderOf(s: UserSort): SQL[] {
  const dir = s.order === 'asc' ? asc : desc;
  if (s.sort === 'chips') return [dir(users.chips), dir(users.id)];
  if (s.sort === 'created_at') return [dir(users.createdAt), dir(users.id)];
  return [dir(users.id)];
}

/** The latest use of any session of the user, or their latest login: read per row of a page only. */
const lastActiveAt = sql`greatest(${users.lastLoginAt}, (select max(${sessions.lastUsedAt}) from ${sessions} where ${sessions.userId} = ${users.id}))`;

const listColumns = {
  id: users.id,
  phone: users.phone,
  nickname: users.nickname,
  avatar: users.avatar,
  role: users.role,
  status: users.status,
  vipExpiresAt: users.vipExpiresAt,
  chips: users.chips,
  earnings: users.earnings,
  createdAt: users.createdAt,
  lastActiveAt: lastActiveAt.mapWith(users.lastLoginAt),
};

export type UserListRow = {
  id: number;
  phone: string | null;
  nickname: string;
  avatar: string;
  role: 'user' | 'admin';
  status: 'active' | 'disabled' | 'deleted';
  vipExpiresAt: Date | null;
  chips: number;
  earnings: number;
  createdAt: Date;
  lastActiveAt: Date | null;
};

/** The operators' reads and writes of users and sessions (the account module's tables). */
export const usersAdminRepository = {
  async list(
    db: Executor,
    f: UserFilter,
    s: UserSort,
    limit: number,
    offset: number,
  ): Promise<UserListRow[]> {
    return db
      .select(listColumns)
      .from(users)
      .where(whereOf(f))
      .orderBy(...orderOf(s))
      .limit(limit)
      .offset(offset);
  },

  async count(db: Executor, f: UserFilter) {
    const [row] = await db.select({ n: count() }).from(users).where(whereOf(f));
    return Number(row?.n ?? 0);
  },

  async byId(db: Executor, id: number) {
    const [row] = await db
      .select({ ...listColumns, user: users })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },

  /** The user row, locked until the transaction ends (so two operators' actions on one user queue). */
  async lock(tx: Executor, id: number) {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  async setStatus(tx: Executor, id: number, status: 'active' | 'disabled', at: Date) {
    await tx.update(users).set({ status, updatedAt: at }).where(eq(users.id, id));
  },

  async setRole(tx: Executor, id: number, role: 'user' | 'admin', at: Date) {
    await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, id));
  },

  /** The user's latest sessions (logins), newest first. */
  async sessionsOf(db: Executor, userId: number, limit: number) {
    return db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.id))
      .limit(limit);
  },
};
