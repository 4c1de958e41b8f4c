import { ErrorCode, UPLOAD_RULES } from '@lingxi/contract';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { SettingsService } from '../settings/settings.service.js';

/** What an entitlement is computed from: the viewer as the session knows them. */
export type Member = Pick<AuthUser, 'id' | 'vipExpiresAt'>;

/** The counted limits of a user's account; a VIP's come from the `_vip` settings. */
export type Limits = {
  bots: number;
  knowledgeBases: number;
  documentsPerBase: number;
  /** Never above what one upload of a document may be. */
  documentBytes: number;
  totalDocumentBytes: number;
};

export type Entitlements = {
  isVip: boolean;
  /** When the membership ends (null: never was one); a past date means it has lapsed. */
  vipUntil: Date | null;
  limits: Limits;
};

/**
 * A member's chip price (docs/money.md, VIP): `percent` off, rounded up to a whole chip, never below 1 for a
 * priced model; a free model stays free.
 */
export function memberPrice(base: number, discountPercent: number): number {
  if (base <= 0) return 0;
  return Math.max(1, Math.ceil((base * (100 - discountPercent)) / 100));
}

export type VipTier = Awaited<ReturnType<SettingsService['money']>>['vip_tiers'][number];

/** A model's prices for one viewer: what a reply costs them, and the list price. */
export type Pricing = { isVip: boolean; price(base: number): number };

/**
 * The one home of "what may this user do now": membership and what follows from it (limits, the member's
 * chip price, the tier's benefits). Every check asks here, with the injected clock.
 */
export class EntitlementsService {
  constructor(
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  /** Membership alone, with no read: for paths that need nothing else (a reply's model check). */
  isVip(user: Member | null | undefined): boolean {
    return !!user?.vipExpiresAt && user.vipExpiresAt > this.clock.now();
  }

  /** The price rule for this user, read once for a list of models. */
  async pricing(user: Member | null | undefined): Promise<Pricing> {
    const isVip = this.isVip(user);
    if (!isVip) return { isVip, price: (base) => Math.max(0, base) };
    const { vip_discount_percent: off } = await this.settings.money();
    return { isVip, price: (base) => memberPrice(base, off) };
  }

  /** A tier's settings by id; a tier no longer offered counts as the first one (docs/money.md, VIP). */
  async vipTier(id: string | null | undefined, db?: Executor): Promise<VipTier | undefined> {
    const tiers = (await this.settings.money(db)).vip_tiers;
    return tiers.find((t) => t.id === id) ?? tiers[0];
  }

  async of(user: Member): Promise<Entitlements> {
    const r = await this.settings.rules();
    const isVip = this.isVip(user);
    const pick = (normal: number, vip: number) => (isVip ? vip : normal);
    return {
      isVip,
      vipUntil: user.vipExpiresAt,
      limits: {
        bots: pick(r.bot_limit, r.bot_limit_vip),
        knowledgeBases: pick(r.knowledge_base_limit, r.knowledge_base_limit_vip),
        documentsPerBase: pick(r.knowledge_documents_per_base, r.knowledge_documents_per_base_vip),
        documentBytes: Math.min(
          pick(r.knowledge_document_bytes, r.knowledge_document_bytes_vip),
          UPLOAD_RULES.knowledge_doc.maxBytes,
        ),
        totalDocumentBytes: pick(r.knowledge_total_bytes, r.knowledge_total_bytes_vip),
      },
    };
  }
}

/**
 * "Limit reached, VIP gets more": the one error for every counted limit. `what` says what hit the limit
 * (最多可创建20个智能体), `more` what membership would give (创建更多); a VIP is told no more than the limit.
 */
export function limitReached(e: Entitlements, limit: number, what: string, more: string) {
  return new AppError(ErrorCode.LIMIT_REACHED, `${what}${e.isVip ? '' : `，开通会员可${more}`}`, { limit });
}
