import { randomInt } from 'node:crypto';
import { ErrorCode, ErrorMessage, type UpdateUserBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { defaultAvatarFor, isPresetAvatar } from '../../platform/avatars.js';
import { AnnouncedCache } from '../../platform/announced-cache.js';
import { mediaPathOf } from '../../platform/media-path.js';
import { AppError } from '../../platform/errors.js';
import { accountRepository as repo, type UserRow } from './account.repository.js';
import { phoneHasher } from './phone-hash.js';
import type { FeedbackService } from '../feedback/feedback.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { EntitlementsService } from './entitlements.service.js';
import type { SessionService } from './session.service.js';
import type { SmsCodeService } from './sms-code.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const inviteCodeOf = (length: number) =>
  Array.from({ length }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

export type ClientMeta = { ip: string; userAgent?: string };
/** A user as they see themselves: the row, and whether they are a member now. */
export type Profile = { user: UserRow; isVip: boolean };
/** A user as others see them. */
export type PublicProfile = { nickname: string; avatar: string };
/** What a module learns of a signup (docs/money.md, Invites), inside the registering transaction. */
export type Registration = { inviterId: number | null; hadAccountBefore: boolean };
export type RegisteredHook = (tx: Executor, user: UserRow, r: Registration) => Promise<void>;
/**
 * Who invited a user and when they signed up (the binding), their status, and whether their phone had an
 * account before (such a user earns their inviter nothing: docs/money.md, Invites).
 */
export type InviteRelation = {
  id: number;
  status: UserRow['status'];
  invitedBy: number | null;
  createdAt: Date;
  hadAccountBefore: boolean;
};

export class AccountService {
  private readonly hashPhone: (phone: string) => string;
  private readonly registeredHooks: RegisteredHook[] = [];
  /**
   * Users' rows for their profile, kept until the database announces a change of the row (migration 0022), never
   * without announcements (docs/performance.md, Fast reads).
   */
  private readonly rows = new AnnouncedCache<number, UserRow>({ max: 10_000, ttlMs: 0 });
  /** Users as others see them (name and avatar), kept the same way. */
  private readonly shown = new AnnouncedCache<number, PublicProfile>({ max: 20_000, ttlMs: 0 });

  constructor(
    private readonly ctx: AppContext,
    private readonly codes: SmsCodeService,
    private readonly sessions: SessionService,
    private readonly wallet: WalletService,
    private readonly settings: SettingsService,
    private readonly uploads: UploadsService,
    private readonly entitlements: EntitlementsService,
    private readonly feedback: FeedbackService,
  ) {
    this.hashPhone = phoneHasher(ctx.secret, ctx.config.phoneHashKey);
  }

  /**
   * Whether this phone belonged to an account that was deleted: such a phone registers again as a new person,
   * but gets no second signup bonus, and should earn no second invite reward.
   */
  hadAccountBefore(phone: string, db: Executor = this.ctx.db) {
    return repo.phoneHadAccount(db, this.hashPhone(phone));
  }

  /** Runs `hook` inside the transaction that registers each new user (modules/index.ts wires it). */
  onRegistered(hook: RegisteredHook) {
    this.registeredHooks.push(hook);
  }

  /** A user's inviter, signup time and status (the invites module's rules), in the caller's transaction. */
  async inviteRelation(userId: number, db: Executor = this.ctx.db): Promise<InviteRelation | undefined> {
    const row = await repo.inviteRelation(db, userId);
    if (!row) return undefined;
    const { phone, ...relation } = row;
    return { ...relation, hadAccountBefore: !!phone && (await this.hadAccountBefore(phone, db)) };
  }

  /** How many users signed up with this user's invite code. */
  inviteeCount(inviterId: number) {
    return repo.inviteeCount(this.ctx.db, inviterId);
  }

  private profileOf(user: UserRow): Profile {
    return { user, isVip: this.entitlements.isVip(user) };
  }

  sendLoginCode(phone: string, meta: ClientMeta) {
    return this.codes.send(phone, 'login', meta.ip);
  }

  async login(
    input: { phone: string; code: string; inviteCode?: string },
    meta: ClientMeta,
  ): Promise<{ token: string; profile: Profile }> {
    const { db, clock } = this.ctx;
    // Read before the transaction: on the embedded database a query outside an open transaction waits for it.
    const { signup_bonus: bonus } = await this.settings.publicSettings();
    const result = await db.transaction(async (tx) => {
      const wrong = await this.codes.consume(tx, input.phone, 'login', input.code);
      if (wrong) return { error: wrong };
      const now = clock.now();
      let user = (await repo.userByPhone(tx, input.phone)) ?? (await this.register(tx, input, now, bonus));
      if (user.status === 'disabled') {
        return { error: new AppError(ErrorCode.ACCOUNT_DISABLED, ErrorMessage.ACCOUNT_DISABLED) };
      }
      const role = this.ctx.config.adminPhones.includes(input.phone) ? 'admin' : user.role;
      user = (await repo.updateUser(tx, user.id, { lastLoginAt: now, role }))!;
      const token = await this.sessions.create(tx, user.id, meta);
      return { token, user };
    });
    if ('error' in result) throw result.error;
    return { token: result.token, profile: this.profileOf(result.user) };
  }

  /**
   * First login: a new user named 用户 + the last four digits, with a generated avatar and invite code, and the
   * signup bonus unless the phone had an account before (deleted since).
   */
  private async register(
    tx: Executor,
    input: { phone: string; inviteCode?: string },
    now: Date,
    bonus: number,
  ): Promise<UserRow> {
    const hadAccountBefore = await this.hadAccountBefore(input.phone, tx);
    if (hadAccountBefore) bonus = 0;
    const inviter = input.inviteCode ? await repo.userByInviteCode(tx, input.inviteCode) : undefined;
    for (let attempt = 0; attempt < 8; attempt++) {
      const inviteCode = inviteCodeOf(attempt < 4 ? 6 : 8);
      const row = await repo.insertUser(tx, {
        phone: input.phone,
        nickname: `用户${input.phone.slice(-4)}`,
        avatar: defaultAvatarFor(inviteCode),
        inviteCode,
        invitedBy: inviter?.id,
        createdAt: now,
        updatedAt: now,
      });
      if (row) {
        const user = await this.welcome(tx, row, bonus);
        const registration = { inviterId: inviter?.id ?? null, hadAccountBefore };
        for (const hook of this.registeredHooks) await hook(tx, user, registration);
        return user;
      }
      // The phone itself raced in from a concurrent first login: use that user.
      const existing = await repo.userByPhone(tx, input.phone);
      if (existing) return existing;
    }
    throw new Error('could not allocate a unique invite code');
  }

  /** The signup bonus of a new user, in the same transaction that creates them. */
  private async welcome(tx: Executor, user: UserRow, bonus: number): Promise<UserRow> {
    if (bonus <= 0) return user;
    const change = {
      userId: user.id,
      delta: bonus,
      reason: 'signup_bonus' as const,
      idempotencyKey: `signup:${user.id}`,
    };
    const { balance } = await this.wallet.apply(change, tx);
    return { ...user, chips: balance };
  }

  /** Keeps users' rows for their profile until a change of the row is announced (`user_changed`). */
  async start() {
    for (const cache of [this.rows, this.shown]) {
      await cache.listen(this.ctx.listen, 'user_changed', (id) =>
        id ? cache.forget(Number(id)) : cache.clear(),
      );
    }
  }

  async profile(userId: number): Promise<Profile> {
    const user = await this.rows.get(userId, () => repo.userById(this.ctx.db, userId));
    if (!user) throw new AppError(ErrorCode.TOKEN_INVALID, ErrorMessage.TOKEN_INVALID);
    return this.profileOf(user);
  }

  /**
   * Other users as anyone may see them (a bot's creator, a post's author): name and avatar, by id, kept until a
   * change of the user's row is announced; the missing ones read in one query.
   */
  async publicProfiles(ids: number[]): Promise<Map<number, PublicProfile>> {
    const unique = [...new Set(ids)];
    const wanted = unique.filter((id) => this.shown.peek(id) === undefined);
    let missing: Promise<Map<number, PublicProfile>> | undefined;
    const read = async (id: number) => {
      // One that left memory after `wanted` was taken is read alone.
      if (!wanted.includes(id)) return this.byId(await repo.publicProfiles(this.ctx.db, [id])).get(id);
      missing ??= repo.publicProfiles(this.ctx.db, wanted).then(this.byId);
      return (await missing).get(id);
    };
    const found = await Promise.all(
      unique.map(async (id) => [id, await this.shown.get(id, () => read(id))] as const),
    );
    return new Map(found.flatMap(([id, p]) => (p ? [[id, p] as const] : [])));
  }

  private byId(this: void, rows: { id: number; nickname: string; avatar: string }[]) {
    return new Map(rows.map((r) => [r.id, { nickname: r.nickname, avatar: r.avatar }]));
  }

  /** Whether a user of this id exists and has not deleted their account (whom another user may block). */
  exists(userId: number): Promise<boolean> {
    return repo.isLiving(this.ctx.db, userId);
  }

  /** Users as an operator sees them in a list (whose withdrawal, whose order): name and phone, by id. */
  async briefs(ids: number[]): Promise<Map<number, { id: number; nickname: string; phone: string | null }>> {
    const rows = await repo.briefs(this.ctx.db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Signups per China day in [from, to) (the console's dashboard). */
  dailySignups(from: Date, to: Date) {
    return repo.dailySignups(this.ctx.db, from, to);
  }

  /** Users active per China day, `fromDay` to `toDay` inclusive (the console's dashboard: DAU). */
  dailyActive(fromDay: string, toDay: string) {
    return repo.dailyActive(this.ctx.db, fromDay, toDay);
  }

  /** Accounts deleted per China day in [from, to) (the console's dashboard). */
  dailyDeletions(from: Date, to: Date) {
    return repo.dailyDeletions(this.ctx.db, from, to);
  }

  /** Accounts that existed at `at`, deleted ones left out (the console's dashboard: a full count, so kept). */
  userCountAt(at: Date) {
    return repo.userCountAt(this.ctx.db, at);
  }

  /**
   * The users an operator's search text names, for lists searched by user (orders, withdrawals): a number is a
   * user id, a mainland phone also its account's id. Anything else names no one here.
   */
  async idsMatching(text: string): Promise<number[]> {
    const ids: number[] = [];
    if (/^\d{1,15}$/.test(text)) ids.push(Number(text));
    if (/^1\d{10}$/.test(text)) {
      const user = await repo.userByPhone(this.ctx.db, text);
      if (user) ids.push(user.id);
    }
    return ids;
  }

  async update(userId: number, patch: UpdateUserBody): Promise<Profile> {
    if (patch.avatar !== undefined) patch = { ...patch, avatar: await this.avatarOf(userId, patch.avatar) };
    const now = this.ctx.clock.now();
    const row = await repo.updateUser(this.ctx.db, userId, { ...patch, updatedAt: now });
    if (!row) throw AppError.notFound('用户不存在');
    return this.profileOf(row);
  }

  /**
   * docs/product.md, Account: an avatar is a preset, the user's own default (or the one they have), or their
   * own upload; judged on the path a browser would load, so no spelling of another user's upload gets past.
   */
  private async avatarOf(userId: number, url: string): Promise<string> {
    const path = mediaPathOf(url, this.ctx.config.publicUrl);
    if (path && isPresetAvatar(path)) return path;
    if (path?.startsWith('/media/u/')) return this.uploads.ownImageUrl(userId, path, 'avatar', 'avatar');
    const user = await repo.userById(this.ctx.db, userId);
    if (path && user && (path === user.avatar || path === defaultAvatarFor(user.inviteCode))) return path;
    throw AppError.badRequest('请选择预设头像，或上传自己的图片', { field: 'avatar' });
  }

  async sendDeletionCode(userId: number, meta: ClientMeta) {
    const user = await repo.userById(this.ctx.db, userId);
    if (!user?.phone) throw new AppError(ErrorCode.TOKEN_INVALID, ErrorMessage.TOKEN_INVALID);
    return this.codes.send(user.phone, 'delete_account', meta.ip);
  }

  /**
   * Account deletion (PIPL): re-verified by a code sent to the account's phone; personal data is erased, the
   * row stays as an anonymous shell so others' records that point at it still hold, and every session ends.
   * Only a keyed hash of the phone is kept (`hadAccountBefore`).
   */
  async deleteAccount(userId: number, code: string) {
    const { db, clock } = this.ctx;
    const user = await repo.userById(db, userId);
    if (!user?.phone) throw new AppError(ErrorCode.TOKEN_INVALID, ErrorMessage.TOKEN_INVALID);
    const phone = user.phone;
    const wrong = await db.transaction(async (tx) => {
      const err = await this.codes.consume(tx, phone, 'delete_account', code);
      if (err) return err;
      const now = clock.now();
      await repo.updateUser(tx, userId, {
        phone: null,
        nickname: '已注销用户',
        avatar: defaultAvatarFor(`deleted-${userId}`),
        gender: 0,
        birthday: null,
        bio: '',
        status: 'deleted',
        deletedAt: now,
        updatedAt: now,
      });
      await repo.rememberDeletedPhone(tx, this.hashPhone(phone), now);
      await repo.revokeAllSessions(tx, userId, now);
      await repo.deleteSmsCodesOfPhone(tx, phone);
      await this.feedback.eraseContactsOf(tx, userId);
      return null;
    });
    if (wrong) throw wrong;
  }

  logout(sessionId: number) {
    return this.sessions.revoke(sessionId);
  }
}
