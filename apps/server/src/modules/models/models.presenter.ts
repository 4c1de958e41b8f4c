import type { ModelBrief, ModelInfo } from '@lingxi/contract';
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
