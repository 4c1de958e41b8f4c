import { z } from 'zod';

/** GET /api/v1/setting: the public system settings (the client's `systemSetting`). */
export const publicSettings = z.object({
  assistant_name: z.string(),
  share_title: z.string(),
  share_image: z.string(),
  cdn_base: z.string(),
  deprecated_hosts: z.array(z.string()),
  new_url: z.string(),
  /** Outside hosts `/mini-web-view` shows and `/redirect` goes to, https only (docs/platforms.md, Pages). */
  web_view_hosts: z.array(z.string()),
  customer_service: z.string(),
  icp: z.string(),
  signup_bonus: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettings>;

/** GET /api/v1/version */
export const versionInfo = z.object({
  version: z.string(),
  version_code: z.number().int(),
  download_url: z.string(),
  notes: z.array(z.string()),
  force_update: z.boolean(),
  released_at: z.string(),
});
export type VersionInfo = z.infer<typeof versionInfo>;

/** GET /api/v1/content/{slug}: operator-editable content pages (agreements, help, about, update log). */
const contentSlug = z.enum(
  ['agreement', 'privacy', 'chip-top-up-agreement', 'about-us', 'help-center', 'update-log'],
  { error: '页面不存在' },
);
export type ContentSlug = z.infer<typeof contentSlug>;
export const contentParams = z.object({ slug: contentSlug });
export const contentPage = z.object({
  slug: contentSlug,
  title: z.string(),
  /** Markdown; clients render it without raw HTML. */
  body: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;
