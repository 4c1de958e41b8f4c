import { z } from 'zod';
import { cursorQuery } from './envelope.js';
import { modelBrief } from './models.js';

/** A category of the catalogue; `icon` is an emoji or an image address, '' for none. */
export const category = z.object({ id: z.string(), name: z.string(), icon: z.string() });
export type Category = z.infer<typeof category>;
/** GET /api/v1/bot/category */
export const categoryList = z.object({ list: z.array(category) });
export type CategoryList = z.infer<typeof categoryList>;

const botCreator = z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string() });

const botStats = z.object({
  chats: z.number().int(),
  users: z.number().int(),
  favourites: z.number().int(),
});

/** A bot as cards and lists show it. */
export const botSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  intro: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  is_system: z.boolean(),
  creator: botCreator.nullable(),
  stats: botStats,
});
export type BotSummary = z.infer<typeof botSummary>;

/** A bot as its chat page needs it. The persona is never sent to other users. */
export const botDetail = botSummary.extend({
  greeting: z.string(),
  questions: z.array(z.string()),
  model_id: z.string(),
  /**
   * The model this viewer's replies with the bot run on: the bot's own, else the platform default (the bot's is
   * retired, or VIP-only and the viewer is no VIP).
   */
  model: modelBrief,
  temperature: z.number(),
  visibility: z.enum(['private', 'public']),
  status: z.enum(['draft', 'pending_review', 'published', 'rejected']),
  is_favourite: z.boolean(),
  is_assistant: z.boolean(),
  created_at: z.string(),
});
export type BotDetail = z.infer<typeof botDetail>;

const botSort = z.enum(['hot', 'new'], { error: '排序方式应为hot或new' });
export type BotSort = z.infer<typeof botSort>;

/** GET /api/v1/bot */
export const botListQuery = cursorQuery.extend({
  category: z.string().trim().max(32, '分类参数过长').optional(),
  keyword: z.string().trim().max(40, '搜索关键词最多40个字').optional(),
  sort: botSort.default('hot'),
});
export type BotListQuery = z.input<typeof botListQuery>;

export const botIdParams = z.object({
  id: z.coerce.number({ error: '智能体ID不正确' }).int('智能体ID不正确').positive('智能体ID不正确'),
});

export const favouriteData = z.object({ is_favourite: z.boolean(), favourites: z.number().int() });
export type FavouriteData = z.infer<typeof favouriteData>;

/** GET /api/v1/bot/home: the assistant and the featured bots of the home page. */
export const botHome = z.object({ assistant: botDetail, featured: z.array(botSummary) });
export type BotHome = z.infer<typeof botHome>;
