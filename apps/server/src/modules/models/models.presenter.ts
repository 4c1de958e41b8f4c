import type { ModelBrief, ModelInfo } from '@lingxi/contract';
import type { ModelRow } from './models.repository.js';

export const presentModel = (m: ModelRow): ModelInfo => ({
  id: m.id,
  name: m.name,
  provider: m.provider,
  chip_price: m.chipPrice,
  vip_only: m.vipOnly,
  context_window: m.contextWindow,
  is_default: m.isDefault,
});

/** The model a bot's replies run on, as the chat page names it. */
export const presentModelBrief = (m: ModelRow): ModelBrief => ({
  id: m.id,
  name: m.name,
  provider: m.provider,
});
