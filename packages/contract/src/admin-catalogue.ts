import { z } from 'zod';
import { adminPageQuery, adminSort } from './admin.js';
import { botSummary } from './bots.js';
import { countGraphemes } from './limits.js';
import { BOT_GREETING_MAX, BOT_QUESTION_MAX, BOT_TAG_MAX, BOT_TAGS_MAX, botInput } from './creation.js';
import { BOT_INTRO_MAX, BOT_NAME_MAX, BOT_QUESTIONS_MAX } from './limits.js';
import { translationsOut, translationsSchema } from './translations.js';

/* The catalogue desk of the operator console (docs/admin.md, Catalogue). */

/** Home shows this many featured bots, the first in the operators' order. */
export const HOME_FEATURED_SHOWN = 8;
/** At most this many bots may be featured on home, or pinned on discover. */
export const FEATURED_MAX = 30;
export const CATEGORY_NAME_MAX = 10;

const slug = z
  .string({ error: '请填写分类ID' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, '分类ID为2到32位小写字母、数字或-，以字母开头');

/** A category as operators see it, with how many bots (not deleted) are in it or asked to move to it. */
export const adminCategory = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  bot_count: z.number().int(),
  /** The name in other locales (docs/i18n.md, Data the platform owns). */
  translations: translationsOut,
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryList = z.object({ list: z.array(adminCategory) });
export type AdminCategoryList = z.infer<typeof adminCategoryList>;

const categoryFields = {
  name: z
    .string({ error: '请填写分类名称' })
    .trim()
    .min(1, '请填写分类名称')
    .max(CATEGORY_NAME_MAX, `分类名称最多${CATEGORY_NAME_MAX}个字`),
  /** An emoji, or an image address on this app or the web; '' for none. */
  icon: z
    .string()
    .trim()
    .max(300, '图标过长')
    .refine((s) => s === '' || countGraphemes(s) <= 2 || /^(\/media\/|https?:\/\/)[^\s<>"']+$/.test(s), {
      message: '图标应为表情符号或图片地址',
    })
    .default(''),
  sort: z.coerce.number().int('排序应为整数').min(0, '排序不能小于0').max(100_000, '排序过大').default(0),
  /** The name in other locales; left out, the stored translations stay. */
  translations: translationsSchema({ name: { max: CATEGORY_NAME_MAX, label: '分类名称' } }).optional(),
};

/** POST /api/v1/admin/category */
export const categoryCreateBody = z.object({ id: slug, ...categoryFields });
export type CategoryCreateBody = z.input<typeof categoryCreateBody>;
/** PUT /api/v1/admin/category/{id} (the id stays: bots and links name it). */
export const categoryUpdateBody = z.object(categoryFields);
export type CategoryUpdateBody = z.input<typeof categoryUpdateBody>;
export const categoryIdParams = z.object({ id: slug });

const unique = <T>(ids: T[]) => new Set(ids).size === ids.length;

/** PUT /api/v1/admin/category/order: every category's id, in the new order. */
export const categoryOrderBody = z.object({
  ids: z
    .array(slug, { error: '请提供分类ID列表' })
    .min(1, '请提供分类ID列表')
    .max(200, '分类过多')
    .refine(unique, '分类ID不能重复'),
});
export type CategoryOrderBody = z.input<typeof categoryOrderBody>;

/** Where operators place bots: home's featured row, or the top of discover. */
export const featuredSlot = z.enum(['home', 'discover'], { error: '位置应为home或discover' });
export type FeaturedSlot = z.infer<typeof featuredSlot>;

const botId = z.coerce.number({ error: '智能体ID不正确' }).int('智能体ID不正确').positive('智能体ID不正确');

export const featuredSlotParams = z.object({ slot: featuredSlot });
export const featuredBotParams = z.object({ slot: featuredSlot, id: botId });

/** A bot in the catalogue desk: its card, whether the public sees it now, and where operators placed it. */
export const adminCatalogueBot = botSummary.extend({
  status: z.enum(['draft', 'pending_review', 'published', 'rejected']),
  visibility: z.enum(['private', 'public']),
  /** Published, public and not deleted: shown on home and discover. */
  listed: z.boolean(),
  featured: z.boolean(),
  featured_sort: z.number().int(),
  discover_pinned: z.boolean(),
  discover_sort: z.number().int(),
});
export type AdminCatalogueBot = z.infer<typeof adminCatalogueBot>;

/** GET /api/v1/admin/featured/{slot}: the slot's bots in their order. */
export const featuredList = z.object({ list: z.array(adminCatalogueBot) });
export type FeaturedList = z.infer<typeof featuredList>;

/** POST /api/v1/admin/featured/{slot}: adds a listed bot at the end. */
export const featuredAddBody = z.object({ bot_id: botId });
export type FeaturedAddBody = z.input<typeof featuredAddBody>;

/** PUT /api/v1/admin/featured/{slot}/order: every bot of the slot, in the new order. */
export const featuredOrderBody = z.object({
  ids: z
    .array(botId, { error: '请提供智能体ID列表' })
    .min(1, '请提供智能体ID列表')
    .max(FEATURED_MAX, `最多${FEATURED_MAX}个`)
    .refine(unique, '智能体ID不能重复'),
});
export type FeaturedOrderBody = z.input<typeof featuredOrderBody>;

/** GET /api/v1/admin/catalogue/bot: listed bots to pick from (q: a name, or an id). */
export const catalogueBotQuery = adminPageQuery.extend({ sort: adminSort(['hot', 'new']) });
export type CatalogueBotQuery = z.input<typeof catalogueBotQuery>;

/** GET /api/v1/admin/system-bot: the platform's own bots (no creator), the home assistant first. */
export const systemBot = adminCatalogueBot.extend({
  persona: z.string(),
  greeting: z.string(),
  questions: z.array(z.string()),
  model_id: z.string().nullable(),
  temperature: z.number(),
  is_assistant: z.boolean(),
  updated_at: z.string(),
  /** Name, intro, greeting, questions and tags in other locales (docs/i18n.md, Data the platform owns). */
  translations: translationsOut,
});
export type SystemBot = z.infer<typeof systemBot>;
export const systemBotList = z.object({ list: z.array(systemBot) });
export type SystemBotList = z.infer<typeof systemBotList>;

/**
 * PUT /api/v1/admin/system-bot/{id}: the same rules as a creator's form; `featured` puts it on home's row (at
 * the end) or takes it off. The assistant's name is the `assistant_name` setting's (docs/admin.md, Catalogue).
 */
export const systemBotBody = botInput
  .pick({
    name: true,
    avatar: true,
    intro: true,
    category: true,
    tags: true,
    persona: true,
    greeting: true,
    questions: true,
    model_id: true,
    temperature: true,
  })
  .extend({
    featured: z.boolean({ error: '推荐应为true或false' }).default(false),
    /** The texts users read, in other locales; left out, the stored translations stay. */
    translations: translationsSchema({
      name: { max: BOT_NAME_MAX, label: '名称' },
      intro: { max: BOT_INTRO_MAX, label: '简介' },
      greeting: { max: BOT_GREETING_MAX, label: '开场白' },
      questions: { max: BOT_QUESTION_MAX, label: '推荐问题', list: { max: BOT_QUESTIONS_MAX } },
      tags: { max: BOT_TAG_MAX, label: '标签', list: { max: BOT_TAGS_MAX } },
    }).optional(),
  });
export type SystemBotBody = z.input<typeof systemBotBody>;
