import type { AdminCatalogueBot, AdminCategory, SystemBot } from '@lingxi/contract';
import { presentBotSummarySource } from './bots.presenter.js';
import type { BotWithCreator } from './bots.service.js';
import type { AdminCategoryRow } from './catalogue-admin.repository.js';

export const presentAdminCategory = (c: AdminCategoryRow): AdminCategory => ({
  id: c.id,
  name: c.name,
  icon: c.icon,
  sort: c.sort,
  bot_count: c.botCount,
  translations: c.translations,
});

export const presentCatalogueBot = (b: BotWithCreator): AdminCatalogueBot => ({
  ...presentBotSummarySource(b),
  status: b.status,
  visibility: b.visibility,
  // The public lists' rule (bots.repository.ts, `listed`), as the desk warns of a placed bot no one sees.
  listed: b.status === 'published' && b.visibility === 'public' && !b.deletedAt && !b.isAssistant,
  featured: b.featured,
  featured_sort: b.featuredSort,
  discover_pinned: b.discoverPinned,
  discover_sort: b.discoverSort,
});

export const presentSystemBot = (b: BotWithCreator): SystemBot => ({
  ...presentCatalogueBot(b),
  persona: b.persona,
  greeting: b.greeting,
  questions: b.questions,
  model_id: b.modelId,
  temperature: b.temperature,
  is_assistant: b.isAssistant,
  updated_at: b.updatedAt.toISOString(),
  translations: b.translations,
});
