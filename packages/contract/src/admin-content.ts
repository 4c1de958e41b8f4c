import { z } from 'zod';
import { feedbackType } from './account.js';
import { adminDayRange, adminPageQuery, adminSort, adminUserBrief } from './admin.js';
import { countGraphemes } from './limits.js';
import { contentPage } from './settings.js';
import { translationsOut, translationsSchema } from './translations.js';

/* The console's content area (docs/admin.md, Content): broadcasts, content pages, feedback, sensitive words. */

const rowId = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`);

/* ---------- Broadcasts ---------- */

/** GET /api/v1/admin/notice/broadcast: the broadcasts sent, newest first; `q` matches the title or the text. */
export const adminBroadcastQuery = adminPageQuery.extend({
  sort: adminSort(['created_at']),
  ...adminDayRange,
});

export const adminBroadcast = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  /** The operator who sent it (from the audit log); null when no row names one. */
  sender: adminUserBrief.nullable(),
  created_at: z.string(),
  /** Title and text in other locales (docs/i18n.md, Data the platform owns). */
  translations: translationsOut,
});
export type AdminBroadcast = z.infer<typeof adminBroadcast>;

/* ---------- Content pages ---------- */

/** A content page's Markdown may be this many bytes (UTF-8) at most. */
export const CONTENT_BODY_MAX_BYTES = 100 * 1024;
const CONTENT_TITLE_MAX = 40;

/** UTF-8 bytes of a text, as the database and the limit count them. */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** GET /api/v1/admin/content: every page, with its size. */
export const adminContentPageItem = contentPage.omit({ body: true }).extend({
  /** Characters as users see them. */
  length: z.number().int(),
  bytes: z.number().int(),
});
export type AdminContentPageItem = z.infer<typeof adminContentPageItem>;
export const adminContentPageList = z.object({ list: z.array(adminContentPageItem) });
export type AdminContentPageList = z.infer<typeof adminContentPageList>;

/** GET /api/v1/admin/content/{slug}: the page's source (zh-Hans) and its translations. */
export const adminContentPage = contentPage.extend({ translations: translationsOut });
export type AdminContentPage = z.infer<typeof adminContentPage>;

/** PUT /api/v1/admin/content/{slug}: the whole page, Markdown (the app renders it without raw HTML). */
export const contentPageBody = z.object({
  title: z
    .string({ error: '请填写标题' })
    .trim()
    .min(1, '请填写标题')
    .refine((s) => countGraphemes(s) <= CONTENT_TITLE_MAX, `标题最多${CONTENT_TITLE_MAX}个字`),
  body: z
    .string({ error: '请填写内容' })
    .refine((s) => s.trim().length > 0, '请填写内容')
    .refine((s) => utf8Bytes(s) <= CONTENT_BODY_MAX_BYTES, `内容最多${CONTENT_BODY_MAX_BYTES / 1024}KB`),
  /**
   * The `updated_at` the editor started from: when the page changed since (another operator saved), the save is
   * refused instead of overwriting their edit. Without it, the last save wins.
   */
  base_updated_at: z.string().max(40).optional(),
  /** Title and body in other locales; left out, the stored translations stay. */
  translations: translationsSchema({
    title: { max: CONTENT_TITLE_MAX, label: '标题' },
    body: { max: CONTENT_BODY_MAX_BYTES, label: '内容', bytes: true },
  }).optional(),
});
export type ContentPageBody = z.input<typeof contentPageBody>;

/* ---------- Feedback inbox ---------- */

const feedbackStatus = z.enum(['open', 'handled'], { error: '状态应为open或handled' });
export const FEEDBACK_REPLY_MAX = 500;
export type FeedbackType = z.infer<typeof feedbackType>;
/** The types as operators read them (the console's filters, the CSV). */
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  suggestion: '功能建议',
  bug: '问题反馈',
  content: '内容问题',
  account: '账号问题',
  other: '其他',
};

/** GET /api/v1/admin/feedback (and `/export.csv`): `q` matches the content or the contact. */
export const adminFeedbackQuery = adminPageQuery.extend({
  /** `all` (or none): every status; the console's tabs default to `open`. */
  status: z.enum(['open', 'handled', 'all'], { error: '状态应为open、handled或all' }).optional(),
  type: feedbackType.optional(),
  sort: adminSort(['created_at', 'handled_at']),
  ...adminDayRange,
});

export const adminFeedback = z.object({
  id: z.number().int(),
  type: feedbackType,
  content: z.string(),
  contact: z.string().nullable(),
  user_agent: z.string().nullable(),
  status: feedbackStatus,
  /** Who sent it; null when sent without signing in. */
  user: adminUserBrief.nullable(),
  created_at: z.string(),
  handled_by: adminUserBrief.nullable(),
  handled_at: z.string().nullable(),
  /** What the user was told (as a system notice), if anything. */
  reply: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof adminFeedback>;

export const feedbackIdParams = z.object({ id: rowId('反馈ID') });

/** POST /api/v1/admin/feedback/{id}/handle: marks it handled; a reply goes to the user as a system notice. */
export const feedbackHandleBody = z.object({
  reply: z.string().trim().max(FEEDBACK_REPLY_MAX, `回复最多${FEEDBACK_REPLY_MAX}个字`).optional(),
});
export type FeedbackHandleBody = z.input<typeof feedbackHandleBody>;

/* ---------- Sensitive words ---------- */

export const SENSITIVE_WORD_MAX = 30;
export const SENSITIVE_WORDS_MAX = 5000;

const sensitiveWord = z
  .string({ error: '敏感词应为文字' })
  .trim()
  .min(1, '敏感词不能为空')
  .refine((s) => countGraphemes(s) <= SENSITIVE_WORD_MAX, `每个敏感词最多${SENSITIVE_WORD_MAX}个字`);

/** A list of words as an operator sends it: trimmed, the repeats dropped, at most 5,000. */
const sensitiveWords = z
  .array(sensitiveWord, { error: '请提供敏感词列表' })
  .max(SENSITIVE_WORDS_MAX * 4, `敏感词最多${SENSITIVE_WORDS_MAX}个`)
  .transform((words) => [...new Set(words)])
  .refine((words) => words.length <= SENSITIVE_WORDS_MAX, `敏感词最多${SENSITIVE_WORDS_MAX}个`);

/** GET /api/v1/admin/sensitive-words */
export const sensitiveWordList = z.object({
  words: z.array(z.string()),
  /** When an operator last saved it; null while the starting list is in use. */
  updated_at: z.string().nullable(),
});
export type SensitiveWordList = z.infer<typeof sensitiveWordList>;

/** PUT /api/v1/admin/sensitive-words: the whole list. */
export const sensitiveWordsBody = z.object({ words: sensitiveWords });
export type SensitiveWordsBody = z.input<typeof sensitiveWordsBody>;

/** What a save changed, and the list as saved (spellings matching one already listed are dropped). */
export const sensitiveWordsSaved = sensitiveWordList.extend({
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type SensitiveWordsSaved = z.infer<typeof sensitiveWordsSaved>;

export const SENSITIVE_TEST_TEXT_MAX = 10_000;

/** POST /api/v1/admin/sensitive-words/test: which words a text hits, with the saved list or the one sent. */
export const sensitiveWordsTestBody = z.object({
  text: z
    .string({ error: '请填写要检测的文字' })
    .min(1, '请填写要检测的文字')
    .max(SENSITIVE_TEST_TEXT_MAX, `检测文字最多${SENSITIVE_TEST_TEXT_MAX}个字`),
  words: sensitiveWords.optional(),
});

export const sensitiveWordsTestResult = z.object({
  /** Each hit, in text order: the listed word and where the text spells it (UTF-16 offsets, end exclusive). */
  hits: z.array(
    z.object({ word: z.string(), start: z.number().int(), end: z.number().int(), text: z.string() }),
  ),
});
export type SensitiveWordsTestResult = z.infer<typeof sensitiveWordsTestResult>;
