import type { AdminModel, ModelBrief, ModelInfo } from '@lingxi/contract';
import type { ModelRow } from './models.repository.js';

/** What a reply on a model costs the viewer, from its list price (the entitlements service's rule). */
export type PriceFor = (base: number) => number;

/** The model a bot's replies run on, as the chat page names it, priced for the viewer (docs/money.md, VIP). */
export const presentModelBrief = (m: ModelRow, priceFor: PriceFor): ModelBrief => ({
  id: m.id,
  name: m.name,
  provider: m.provider,
  chip_price: priceFor(m.chipPrice),
  base_chip_price: m.chipPrice,
});

export const presentModel = (m: ModelRow, priceFor: PriceFor): ModelInfo => ({
  ...presentModelBrief(m, priceFor),
  vip_only: m.vipOnly,
  context_window: m.contextWindow,
  is_default: m.isDefault,
});

/** An API key as the console may show it: `sk-****abcd` at most, never the key (docs/admin.md, Models and prices). */
export const maskApiKey = (key: string | null) =>
  !key ? null : key.length < 12 ? '****' : `${key.slice(0, 3)}****${key.slice(-4)}`;

/** A model row as the console shows it, and as the audit log keeps it (without the key). */
export const presentAdminModel = (
  m: ModelRow,
  botCount: number,
  deleteRefusal: string | null,
): AdminModel => ({
  ...presentAudited(m),
  bot_count: botCount,
  delete_refusal: deleteRefusal,
  updated_at: m.updatedAt.toISOString(),
});

export const presentAudited = (m: ModelRow) => ({
  id: m.id,
  name: m.name,
  provider: m.provider,
  base_url: m.baseUrl,
  api_key_set: Boolean(m.apiKey),
  api_key_masked: maskApiKey(m.apiKey),
  upstream_model: m.upstreamModel,
  chip_price: m.chipPrice,
  vip_only: m.vipOnly,
  context_window: m.contextWindow,
  enabled: m.enabled,
  is_default: m.isDefault,
  sort: m.sort,
  source: m.source,
});
